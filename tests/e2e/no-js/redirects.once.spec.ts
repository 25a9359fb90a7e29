/**
 * The old addresses editors listed (src/content/redirects.yaml, each entry's redirectFrom), as the
 * build wrote them: 301s from the server, a page for hosts without rules. That the build wrote
 * each one the editors did is tests/e2e/no-js/netlify-files.once.spec.ts's business; the spec's
 * own legacy paths are checked by `npm run test:spec`.
 */
import { expect, test } from '@playwright/test';
import { builtRedirects } from '#support/redirects.ts';
import { content } from '#support/content.ts';

const redirectPairs = Object.entries(builtRedirects());

test('each old address answers 301 to its page, with or without a trailing slash', async ({ request }) => {
  for (const [from, to] of redirectPairs) {
    for (const path of [from, `${from}/`]) {
      const response = await request.get(path, { maxRedirects: 0 });
      expect(response.status(), path).toBe(301);
      expect(response.headers()['location'], path).toBe(to);
    }
  }
});

test('static hosts without redirect rules get a page that replaces the history entry', async ({
  request,
}) => {
  for (const [from, to] of redirectPairs) {
    for (const file of [`${from}.html`, `${from}/index.html`]) {
      const response = await request.get(file, { maxRedirects: 0 });
      expect(response.status(), file).toBe(200);
      const html = await response.text();
      expect(html).toContain(`location.replace(${JSON.stringify(to)})`);
      expect(html).toContain(`content="0; url=${to}"`);
      expect(html).toContain('<meta name="robots" content="noindex">');
    }
  }
});

test('an unknown path answers 404 with the 404 page, kept out of search', async ({ page }) => {
  const response = await page.goto('/services/no-such-service');
  expect(response?.status()).toBe(404);
  await expect(page.locator('h1')).toHaveText(content.pages.notFound.heading);
  await expect(page.getByRole('link', { name: content.pages.notFound.linkLabel })).toHaveAttribute(
    'href',
    '/',
  );
  await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', /noindex/);
});
