/**
 * Analytics on a page the back/forward cache restores (src/lib/browser/analytics-page.ts): the
 * restore is a page view like a load, sent or held as the visitor's choice says, and the banner
 * keeps its state, or follows a choice made on another page meanwhile. The cache is on in this
 * file's browser (backForwardCacheLaunch); every page's restore: back-forward-cache.phone.spec.ts.
 * The site, its stand-in tags and the helpers: tests/support/analytics-site.ts.
 */
import { expect } from '@playwright/test';
import { backForwardCacheLaunch } from '#support/chromium.ts';
import { leaveAndComeBack, recordPageShows } from '#support/back-forward-cache.ts';
import { accept, acceptButton, at, banner, serveAnalyticsSite, test } from '#support/analytics-site.ts';

serveAnalyticsSite();
test.use({ launchOptions: backForwardCacheLaunch });

const restored = { restored: true, reasons: null };

test.beforeEach(async ({ page }) => {
  await recordPageShows(page);
});

test('after Accept, Back to a page kept in the cache counts one more view of it', async ({
  page,
  network,
}) => {
  await accept(page, network, '/services');
  const views = (path: string) =>
    network.hits.filter((hit) => hit.en === 'page_view' && hit.page === path).length;
  expect(views('/services')).toBe(1);

  expect(await leaveAndComeBack(page, at('/about?away'))).toEqual(restored);
  await expect.poll(() => views('/services')).toBe(2);
  await expect(banner(page)).toBeHidden();
});

test('before a choice the banner comes back as it was and nothing is sent; a choice made elsewhere then holds', async ({
  page,
  network,
}) => {
  await page.goto(at('/services'));
  await expect(banner(page)).toBeVisible();
  expect(await leaveAndComeBack(page, at('/about?away'))).toEqual(restored);
  await expect(banner(page)).toBeVisible();
  expect(network.hits).toEqual([]);

  // Accepted on another page, then Back: the restored page drops its banner and counts as seen,
  // with the views it held since it loaded (its load, its first restore) and this restore.
  await page.goto(at('/about'));
  await acceptButton(page).click();
  await expect.poll(() => network.hits.some((hit) => hit.page === '/about')).toBe(true);
  await page.goBack({ waitUntil: 'commit' });
  await expect(banner(page)).toBeHidden();
  await expect
    .poll(() => network.hits.filter((hit) => hit.en === 'page_view' && hit.page === '/services').length)
    .toBe(3);
});
