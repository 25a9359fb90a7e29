import { expect, test } from '@playwright/test';
import { absolute, indexableRoutes, site } from '../../support/site.ts';

test('a crawler walking from / finds every internal link answering', async ({ page, request }) => {
  const seen = new Set<string>(['/']);
  const queue = ['/'];
  const broken: string[] = [];
  while (queue.length > 0) {
    const path = queue.shift()!;
    const response = await page.goto(path);
    if (response?.status() !== 200) {
      broken.push(`${path} → ${response?.status()}`);
      continue;
    }
    const hrefs = await page
      .locator('a[href]')
      .evaluateAll((links) => links.map((link) => link.getAttribute('href') ?? ''));
    for (const href of hrefs) {
      if (!href.startsWith('/') || href.startsWith('//')) continue;
      const target = new URL(href, 'http://site').pathname;
      if (seen.has(target)) continue;
      seen.add(target);
      const first = await request.get(target, { maxRedirects: 0 });
      if (first.status() === 301) {
        // Legacy paths linked on purpose (the partner badge) must land on a real page.
        const landed = await request.get(target);
        if (landed.status() !== 200) broken.push(`${target} → 301 → ${landed.status()}`);
        continue;
      }
      if (first.status() !== 200) broken.push(`${target} → ${first.status()}`);
      else if ((first.headers()['content-type'] ?? '').startsWith('text/html')) queue.push(target);
    }
  }
  expect(broken).toEqual([]);
  for (const route of indexableRoutes) expect(seen, `no link reaches ${route}`).toContain(route);
});

test('the sitemap lists exactly the indexable routes, and robots.txt names it', async ({ request }) => {
  const index = await (await request.get('/sitemap-index.xml')).text();
  const sitemaps = [...index.matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => match[1]!);
  expect(sitemaps.length).toBeGreaterThan(0);
  const urls: string[] = [];
  for (const sitemap of sitemaps) {
    expect(sitemap.startsWith(`${site.url}/`)).toBe(true);
    const xml = await (await request.get(new URL(sitemap).pathname)).text();
    urls.push(...[...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => match[1]!));
  }
  expect(urls.sort()).toEqual(indexableRoutes.map(absolute).sort());

  const robots = await (await request.get('/robots.txt')).text();
  expect(robots).toContain(`Sitemap: ${site.url}/sitemap-index.xml`);
});
