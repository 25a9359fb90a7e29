/**
 * Share images as chat apps and social sites fetch them: each indexable page names its own
 * 1200×630 PNG by an absolute URL; pages kept out of search and legacy redirect pages do not.
 * The icons browsers and phones ask for at the root are there too, and every page carries its own.
 */
import { createHash } from 'node:crypto';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { pageIconHref } from '#src/lib/build-time/images/brand-images.ts';
import { builtSite, servedDist, tags } from '#support/built-site.ts';
import { sitemapPaths } from '#support/pages.ts';
import { builtRedirects } from '#support/redirects.ts';
import { readIco } from '#support/ico.ts';
import { indexableRoutes, site } from '#support/site.ts';

const meta = (page: Page, key: string) =>
  page.locator(`head meta[property="${key}"], head meta[name="${key}"]`).getAttribute('content');

/** The image behind an absolute URL on this site: its bytes and its PNG size (from the IHDR chunk). */
async function fetchPng(request: APIRequestContext, url: string) {
  expect(url.startsWith(`${site.url}/`), `${url} is absolute on the site`).toBe(true);
  const response = await request.get(new URL(url).pathname);
  expect(response.status(), url).toBe(200);
  expect(response.headers()['content-type']).toBe('image/png');
  const png = await response.body();
  expect(png.subarray(0, 8)).toEqual(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]));
  expect(png.subarray(12, 16).toString('latin1')).toBe('IHDR');
  return { png, width: png.readUInt32BE(16), height: png.readUInt32BE(20) };
}

test('every indexable page shares its own 1200×630 PNG, named by an absolute URL', async ({
  page,
  request,
}) => {
  const digests = new Set<string>();
  for (const path of indexableRoutes) {
    await page.goto(path);
    const image = (await meta(page, 'og:image')) ?? '';
    expect(image, path).toMatch(new RegExp(`^${site.url}/og/.+\\.png$`));
    expect(image, path).not.toBe(`${site.url}/og/default.png`);
    // X reads og:image and og:image:alt when its own tags are absent.
    await expect(page.locator('head meta[name="twitter:image"]'), path).toHaveCount(0);
    expect(await meta(page, 'twitter:card'), path).toBe('summary_large_image');
    expect(await meta(page, 'og:image:width'), path).toBe('1200');
    expect(await meta(page, 'og:image:height'), path).toBe('630');

    const title = (await page.title()).replace(` | ${site.brand}`, '');
    expect(await meta(page, 'og:image:alt'), path).toBe(`${site.brand}: ${title}`);
    await expect(page.locator('head meta[name="twitter:image:alt"]'), path).toHaveCount(0);

    const { png, width, height } = await fetchPng(request, image);
    expect({ width, height }, path).toEqual({ width: 1200, height: 630 });
    digests.add(createHash('sha256').update(png).digest('hex'));
  }
  // An image of its own: no two pages share one.
  expect(digests.size).toBe(indexableRoutes.length);
});

test('pages kept out of search share the default image', async ({ page, request }) => {
  for (const path of ['/contact/sent', '/contact/error', '/no-such-page']) {
    await page.goto(path);
    const image = (await meta(page, 'og:image')) ?? '';
    expect(image, path).toBe(`${site.url}/og/default.png`);
    const { width, height } = await fetchPng(request, image);
    expect({ width, height }, path).toEqual({ width: 1200, height: 630 });
  }
});

test('legacy redirect pages carry no share image and no structured data', async ({ request }) => {
  const files = Object.keys(builtRedirects()).flatMap((from) => [`${from}.html`, `${from}/index.html`]);
  for (const file of files) {
    const response = await request.get(file, { maxRedirects: 0 });
    expect(response.status(), file).toBe(200);
    const html = await response.text();
    expect(html, file).toContain('http-equiv="refresh"');
    expect(html, file).not.toContain('og:image');
    expect(html, file).not.toContain('twitter:image');
    expect(html, file).not.toContain('application/ld+json');
  }
});

test('the icons clients fetch by convention are served at the root', async ({ request }) => {
  const favicon = await request.get('/favicon.ico');
  expect(favicon.status()).toBe(200);
  expect(favicon.headers()['content-type']).toBe('image/x-icon');
  // An icon directory (reserved 0, type 1) holding the brand mark at three sizes.
  const { reserved, type, entries } = readIco(await favicon.body());
  expect([reserved, type, entries.length]).toEqual([0, 1, 3]);

  const { width, height } = await fetchPng(request, `${site.url}/apple-touch-icon.png`);
  expect({ width, height }).toEqual({ width: 180, height: 180 });
});

test('every page carries the brand mark as its icon, so a first visit fetches none', () => {
  const built = builtSite(servedDist);
  for (const path of [...sitemapPaths(), '/404']) {
    const icons = tags(built.html(path), 'link').filter(({ rel }) => rel?.split(/\s+/).includes('icon'));
    expect(icons, path).toEqual([{ rel: 'icon', href: pageIconHref, type: 'image/svg+xml' }]);
  }
});
