/**
 * What the blog and case studies show follows what the content publishes. As committed, the two
 * examples are drafts: /blog and /case-studies are the "coming soon" pages, the drafts are not
 * built, the feed has no item and the home page has no "Recent work" strip. Once an editor
 * publishes an entry, the same checks expect it listed instead.
 * tests/integration/src/lib/build-time/articles/articles.test.ts covers a site with many published entries.
 */
import { expect, test } from '@playwright/test';
import { browserSweepPages } from '#support/pages.ts';
import { content, isPublished, type ArticleCopy } from '#support/content.ts';
import { absolute } from '#support/site.ts';

const published = (entries: ArticleCopy[]) => entries.filter((entry) => isPublished(entry));
const unpublished = (entries: ArticleCopy[]) =>
  entries.filter((entry) => !isPublished(entry)).map((entry) => entry.path);

for (const [path, entries, placeholder] of [
  ['/blog', content.posts, content.pages.blog.text],
  ['/case-studies', content.caseStudies, content.pages.caseStudies.text],
] as const) {
  const listed = published(entries);
  test(`${path} is the placeholder while nothing is published, else lists what is`, async ({ page }) => {
    await page.goto(path);
    if (listed.length === 0) {
      await expect(page.locator('main')).toContainText(placeholder);
      await expect(page.locator('main li.card')).toHaveCount(0);
      await expect(page.locator('head link[rel="next"]')).toHaveCount(0);
    } else {
      await expect(page.locator('main')).not.toContainText(placeholder);
      await expect(page.locator('main li.card').first()).toBeVisible();
    }
  });
}

test('the drafts and the entries scheduled for a later day are not built', async ({ request }) => {
  for (const path of [...unpublished(content.posts), ...unpublished(content.caseStudies)]) {
    expect((await request.get(path)).status(), path).toBe(404);
  }
});

test('the feed exists, named by every page, with an item per published post', async ({ page, request }) => {
  const feed = await request.get('/rss.xml');
  expect(feed.status()).toBe(200);
  const xml = await feed.text();
  expect(xml).toContain('<rss version="2.0"');
  expect(xml.split('<item>').length - 1).toBe(published(content.posts).length);
  for (const { path } of browserSweepPages) {
    await page.goto(path);
    // The blog's feed on every page (the case studies' pages name their own feed beside it).
    await expect(
      page.locator(`head link[rel="alternate"][type="application/rss+xml"][href="${absolute('/rss.xml')}"]`),
      path,
    ).toHaveCount(1);
  }
});

test('the home page has a "Recent work" strip only once a case study is published', async ({ page }) => {
  await page.goto('/');
  const strip = published(content.caseStudies).length > 0 ? 1 : 0;
  await expect(page.locator('#recent-work-heading')).toHaveCount(strip);
  await expect(page.getByRole('heading', { name: content.pages.home.recentWork.heading })).toHaveCount(strip);
});
