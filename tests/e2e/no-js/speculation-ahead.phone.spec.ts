/**
 * Without JavaScript, nothing is fetched ahead or prerendered: Chromium reads the rules a page
 * holds inline (src/lib/build-time/speculation-rules.ts) only with scripting on, so a visitor
 * without it gets the same pages at normal speed, and no bandwidth spent on pages never opened,
 * the open phone menu's included. With JavaScript on: tests/e2e/js/speculation-rules.once.spec.ts
 * and speculation-ahead.phone.spec.ts.
 */
import { expect, test, type Response } from '@playwright/test';
import { phoneMenuPagePaths } from '#support/islands.ts';
import { aheadTimeout, pathsFetchedAhead } from '#support/speculation.ts';

test('without JavaScript nothing is fetched ahead, not even when the phone menu opens', async ({ page }) => {
  const responses: Response[] = [];
  page.on('response', (each) => responses.push(each));
  // The home page, whose service cards are what a loaded page with JavaScript fetches ahead.
  await page.goto('/', { waitUntil: 'load' });
  await page.locator('[data-phone-menu] summary').click();
  expect((await phoneMenuPagePaths(page)).length).toBeGreaterThan(0);
  // As long as the page with JavaScript is given to fetch its menu's pages ahead.
  await page.waitForTimeout(aheadTimeout / 5);
  expect(pathsFetchedAhead(responses)).toEqual([]);
});
