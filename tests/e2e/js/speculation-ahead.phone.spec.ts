/**
 * On a phone, opening the menu is the visitor's intent to go elsewhere: the pages of its top-level
 * links are fetched ahead then, beside what the page fetched ahead once loaded (the likely next
 * page), so the tap that follows does not wait for the network (src/lib/build-time/speculation-rules.ts).
 * The rules on every page: tests/e2e/js/speculation-rules.once.spec.ts.
 */
import { expect, test, type Response } from '@playwright/test';
import { openPhoneMenu, phoneMenuPagePaths } from '#support/islands.ts';
import { aheadTimeout, pathsFetchedAhead } from '#support/speculation.ts';

const path = '/about';

test('opening the phone menu fetches its pages ahead, and no page it does not show', async ({ page }) => {
  const responses: Response[] = [];
  page.on('response', (each) => responses.push(each));
  const ahead = () => [...new Set(pathsFetchedAhead(responses))];
  await page.goto(path);
  // What the page fetches ahead on its own once loaded, before the menu is touched.
  await expect.poll(() => ahead().length, { timeout: aheadTimeout }).toBeGreaterThan(0);
  const onLoad = ahead();

  await openPhoneMenu(page);
  const menuPages = await phoneMenuPagePaths(page);
  expect(menuPages.length).toBeGreaterThan(0);
  await expect.poll(ahead, { timeout: aheadTimeout }).toEqual([...new Set([...onLoad, ...menuPages])].sort());
});
