/**
 * The site as committed publishes no post or case study (the two examples are drafts): /blog and
 * /case-studies are the spec's "coming soon" pages, the drafts are not built, the feed is empty and
 * the home page has no "Recent work" strip. tests/integration/src/lib/build/articles/articles.test.ts covers a site with
 * published entries.
 */
import { expect, test } from '@playwright/test';
import { sweepPages } from '../../support/pages.ts';

for (const [path, text] of [
  ['/blog', 'Content is coming soon.'],
  ['/case-studies', 'Case studies are coming soon.'],
] as const) {
  test(`${path} is the placeholder while nothing is published`, async ({ page }) => {
    await page.goto(path);
    await expect(page.locator('main')).toContainText(text);
    await expect(page.locator('main li.card')).toHaveCount(0);
    await expect(page.locator('head link[rel="next"]')).toHaveCount(0);
  });
}

test('the example drafts are not built', async ({ request }) => {
  for (const path of [
    '/blog/example-post',
    '/case-studies/example-case-study',
    '/blog/tags/shopify',
    '/blog/2',
  ]) {
    expect((await request.get(path)).status(), path).toBe(404);
  }
});

test('the feed exists, named by every page, with no item', async ({ page, request }) => {
  const feed = await request.get('/rss.xml');
  expect(feed.status()).toBe(200);
  const xml = await feed.text();
  expect(xml).toContain('<rss version="2.0">');
  expect(xml).not.toContain('<item>');
  for (const { path } of sweepPages) {
    await page.goto(path);
    await expect(
      page.locator('head link[rel="alternate"][type="application/rss+xml"]'),
      path,
    ).toHaveAttribute('href', /\/rss\.xml$/);
  }
});

test('the home page has no "Recent work" strip', async ({ page }) => {
  await page.goto('/');
  await expect(page.locator('#recent-work-heading')).toHaveCount(0);
  await expect(page.getByRole('heading', { name: 'Recent work' })).toHaveCount(0);
});
