/**
 * Every page of the sitemap, the contact result pages and the 404, as served, is valid HTML under
 * html-validate's `standard` preset. The pages come from the built sitemap, so a new page is covered.
 * Every HTML file of the build, the legacy paths' pages too, passes W3C's Nu Html Checker.
 */
import { expect, test } from '@playwright/test';
import { htmlFiles } from '#src/integrations/built-files.ts';
import { nuErrors } from '#support/nu-checker.ts';
import { xmlValues, servedDist } from '#support/built-site.ts';
import { htmlErrors } from '#support/html-validity.ts';
import { sweepPages } from '#support/pages.ts';

test('every built page has no html-validate error', async ({ request }) => {
  const text = async (path: string) => {
    const response = await request.get(path);
    expect([200, 404], path).toContain(response.status());
    return response.text();
  };
  const sitemaps = xmlValues(await text('/sitemap-index.xml'), 'loc').map((url) => new URL(url).pathname);
  const pages = new Set<string>();
  for (const sitemap of sitemaps) {
    for (const url of xmlValues(await text(sitemap), 'loc')) pages.add(new URL(url).pathname);
  }
  expect(pages.size).toBeGreaterThan(0);
  for (const { path } of sweepPages) pages.add(path);

  const errors: Record<string, string[]> = {};
  for (const path of pages) {
    const found = await htmlErrors(await text(path), path);
    if (found.length > 0) errors[path] = found;
  }
  expect(errors).toEqual({});
});

test('every built HTML file has no Nu Html Checker error', async () => {
  // One Java process for every file; on a busy machine its start alone takes many seconds.
  test.setTimeout(300_000);
  const dist = servedDist;
  expect(await nuErrors(await htmlFiles(dist), dist)).toEqual({});
});
