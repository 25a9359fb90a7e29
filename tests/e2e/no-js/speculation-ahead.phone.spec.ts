/**
 * With JavaScript off, nothing is fetched ahead before the visitor shows intent: the rules wait for
 * the mark a page's script sets once it is loaded and on screen
 * (src/lib/shared/speculation-marks.ts), which never comes. Opening the phone menu (a native
 * <details>) is intent, and still fetches its pages ahead. With JavaScript on: tests/e2e/js/speculation-rules.once.spec.ts and speculation-ahead.phone.spec.ts.
 */
import { expect, test, type Response } from '@playwright/test';
import { pageLoadedAttribute } from '#src/lib/shared/speculation-marks.ts';
import { phoneMenuPagePaths } from '#support/islands.ts';
import { aheadTimeout, pathsFetchedAhead } from '#support/speculation.ts';

test('without JavaScript only the open menu’s pages are fetched ahead, never the likely next ones', async ({
  page,
}) => {
  const responses: Response[] = [];
  page.on('response', (each) => responses.push(each));
  const ahead = () => pathsFetchedAhead(responses);
  // The home page, whose service cards are what a loaded page with JavaScript fetches ahead.
  await page.goto('/');
  await expect(page.locator('html')).not.toHaveAttribute(pageLoadedAttribute);
  await page.locator('[data-phone-menu] summary').click();
  const menuPages = await phoneMenuPagePaths(page);
  expect(menuPages.length).toBeGreaterThan(0);
  // Chromium has read the rules and acted on the open menu: whatever the loaded page would have
  // started would have been started by now.
  await expect.poll(ahead, { timeout: aheadTimeout }).toEqual([...menuPages].sort());
  await expect(page.locator('html')).not.toHaveAttribute(pageLoadedAttribute);
});
