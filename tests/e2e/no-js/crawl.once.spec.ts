/**
 * A crawler's walk over every page: from the sitemap's pages, the contact form's result pages and
 * the 404, every internal link on every page answers 200 at once (a redirect hop is a defect: the
 * legacy paths redirect, and nothing links to them), every #fragment names an element of its page,
 * and every indexable route is reached by a link.
 */
import { expect, test } from '@playwright/test';
import { routePath } from '#src/lib/shared/routes.ts';
import { isNoindexPage } from '#src/lib/build-time/speculation-rules.ts';
import { builtSite, tags, servedDist } from '#support/built-site.ts';
import { sweepPages } from '#support/pages.ts';
import { absolute, indexableRoutes, site } from '#support/site.ts';

/** Every built page that asks to be indexed at its own address: a page, a service, a post, a tag… */
function pagesToIndex(): string[] {
  const built = builtSite(servedDist);
  return built
    .files()
    .filter((file) => file.endsWith('.html'))
    .flatMap((file) => {
      const html = built.read(file).toString('utf8');
      const route = routePath(file);
      const canonical = tags(html, 'link').find((link) => link['rel'] === 'canonical')?.['href'];
      return !isNoindexPage(html) && canonical === absolute(route) ? [route] : [];
    });
}

test('every internal link on every page answers 200 with no redirect, and every #fragment exists', async ({
  page,
  request,
}) => {
  const seen = new Set(sweepPages.map(({ path }) => path));
  const queue = [...sweepPages];
  const linked = new Set<string>();
  const idsOf = new Map<string, Set<string>>();
  const fragments: { from: string; target: string; id: string }[] = [];
  const broken: string[] = [];
  while (queue.length > 0) {
    const { path, status } = queue.shift()!;
    const response = await page.goto(path);
    if (response?.status() !== status) {
      broken.push(`${path} → ${response?.status()}`);
      continue;
    }
    const { hrefs, ids } = await page.evaluate(() => ({
      hrefs: [...document.querySelectorAll('a[href]')].map((link) => link.getAttribute('href') ?? ''),
      ids: [...document.querySelectorAll('[id]')].map((element) => element.id),
    }));
    idsOf.set(path, new Set(ids));
    for (const href of hrefs) {
      if (!/^[/#]/.test(href) || href.startsWith('//')) continue;
      const url = new URL(href, `http://site${path}`);
      const target = url.pathname;
      if (url.hash) fragments.push({ from: path, target, id: decodeURIComponent(url.hash.slice(1)) });
      linked.add(target);
      if (seen.has(target)) continue;
      seen.add(target);
      const first = await request.get(target, { maxRedirects: 0 });
      if (first.status() !== 200) broken.push(`${target} (linked from ${path}) → ${first.status()}`);
      else if ((first.headers()['content-type'] ?? '').startsWith('text/html')) {
        queue.push({ path: target, status: 200 });
      }
    }
  }
  for (const { from, target, id } of fragments) {
    if (!idsOf.get(target)?.has(id)) broken.push(`${target}#${id} (linked from ${from}) names no element`);
  }
  expect(broken).toEqual([]);
  for (const route of indexableRoutes) expect(linked, `no link reaches ${route}`).toContain(route);
});

test('the sitemap lists exactly the pages that ask to be indexed, every route among them, and robots.txt names it', async ({
  request,
}) => {
  const index = await (await request.get('/sitemap-index.xml')).text();
  const sitemaps = [...index.matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => match[1]!);
  expect(sitemaps.length).toBeGreaterThan(0);
  const urls: string[] = [];
  for (const sitemap of sitemaps) {
    expect(sitemap.startsWith(`${site.url}/`)).toBe(true);
    const xml = await (await request.get(new URL(sitemap).pathname)).text();
    urls.push(...[...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => match[1]!));
  }
  const indexed = pagesToIndex();
  expect(indexed).toEqual(expect.arrayContaining(indexableRoutes));
  expect(urls.sort()).toEqual(indexed.map(absolute).sort());

  const robots = await (await request.get('/robots.txt')).text();
  expect(robots).toContain(`Sitemap: ${site.url}/sitemap-index.xml`);
});
