/**
 * The content editor at /admin: served from the site's own origin under its own policy, asking no
 * third party for anything before an editor signs in, and showing the schemas' fields, with the
 * Shopify packages' prices as number inputs, in the editor's in-browser test repository.
 */
import { readFileSync } from 'node:fs';
import { basename, resolve } from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { parse, stringify } from 'yaml';
import { cmsAdmin, editorBackend } from '#src/lib/build-time/cms/cms-admin.ts';
import { headersFor, parseHeadersFile } from '#src/lib/shared/headers-file.ts';
import { stubNetwork } from '#support/network.ts';
import { failOnPageErrors } from '#support/page-problems.ts';
import { sweepPages } from '#support/pages.ts';
import { pageSettled } from '#support/settled.ts';
import { servedDist } from '#support/built-site.ts';

const built = servedDist;
const rules = () => parseHeadersFile(readFileSync(resolve(built, '_headers'), 'utf8'));

/**
 * Blocks every host but the site's and lists what was asked of them. `backend` replaces the built
 * configuration's, so each test holds whatever repository the build under test was given.
 */
async function isolate(page: Page, backend: Record<string, string>) {
  const { external } = await stubNetwork(page);
  await page.route(
    (url) => url.pathname === cmsAdmin.config,
    async (route) => {
      const response = await route.fetch();
      const config = parse(await response.text()) as { backend: Record<string, string> };
      config.backend = { ...config.backend, ...backend };
      return route.fulfill({ response, body: stringify(config) });
    },
  );
  return external;
}

test.describe('the editor at /admin', () => {
  failOnPageErrors();
  // A 2 MB script on a shared test machine: give each test the slow allowance.
  test.beforeEach(() => test.slow());

  test('loads its own-origin script under its own policy and calls no third party before sign-in', async ({
    page,
  }) => {
    const thirdParty = await isolate(page, { repo: 'agency/site' });
    const scripts: string[] = [];
    page.on('request', (request) => {
      if (request.resourceType() === 'script') scripts.push(request.url());
    });
    const response = await page.goto(cmsAdmin.page);
    expect(response?.status()).toBe(200);
    // Labels wrap names in Unicode isolates ("Sign In with \u2068GitHub\u2069").
    await expect(page.getByRole('button', { name: /Sign In with .?GitHub/ })).toBeVisible({
      timeout: 20_000,
    });
    await expect(page.getByRole('button', { name: /Work with Local Repository/ })).toBeVisible();
    await pageSettled(page);

    expect(scripts).toEqual([new URL(cmsAdmin.script, page.url()).href]);
    expect(thirdParty).toEqual([]);
    const headers = response!.headers();
    // Exactly one policy (Netlify would join two matching rules with a comma), the editor's own: the
    // one the build's rule for the editor's exact path sets.
    const ownRule = rules().find((rule) => rule.path === cmsAdmin.page)!;
    expect(headers['content-security-policy']).toBe(new Map(ownRule.headers).get('Content-Security-Policy'));
    expect(headers['cross-origin-opener-policy']).toBe('same-origin-allow-popups');
    expect(headers['x-robots-tag']).toBe('noindex, nofollow');
    expect(headers['x-frame-options']).toBe('DENY');
    for (const [name, value] of Object.entries(headersFor(cmsAdmin.page, rules())))
      expect(headers[name], name).toBe(value);
    expect(await response!.text()).toContain('<meta name="robots" content="noindex, nofollow">');
  });

  test('opens on a copy with no repository known, offering local editing, with no error', async ({
    page,
  }) => {
    // What a build publishes without CMS_REPO, on a copy whose remote is not on GitHub, or has none.
    const { repo } = editorBackend({}, {}, basename(resolve('.')));
    const thirdParty = await isolate(page, { repo });
    await page.goto(cmsAdmin.page);
    await expect(page.getByRole('button', { name: /Work with Local Repository/ })).toBeVisible({
      timeout: 20_000,
    });
    await expect(page.getByText(/repository is (invalid|not defined)/)).toHaveCount(0);
    await pageSettled(page);
    expect(thirdParty).toEqual([]);
  });

  test('opens the Shopify page with its packages’ prices as numbers', async ({ page }) => {
    await isolate(page, { name: 'test-repo' });
    await page.goto(cmsAdmin.page);
    // The test repository reads the browser's private file system: put the real file there.
    const shopify = readFileSync('src/content/services/shopify.yaml', 'utf8');
    await page.evaluate(async (text) => {
      let dir = await navigator.storage.getDirectory();
      for (const name of ['sveltia-cms-test', 'src', 'content', 'services'])
        dir = await dir.getDirectoryHandle(name, { create: true });
      const writable = await (await dir.getFileHandle('shopify.yaml', { create: true })).createWritable();
      await writable.write(text);
      await writable.close();
    }, shopify);
    await page.getByRole('button', { name: 'Work with Test Repository' }).click({ timeout: 20_000 });
    await page.waitForURL(/#\/collections\//);
    await page.goto(`${cmsAdmin.page}#/collections/services/entries/shopify`);

    const { packages } = parse(shopify) as { packages: { items: { price: number }[] } };
    const prices = packages.items.map((item) => String(item.price));
    // List items render only once in view: a tall window shows the whole packages list at once.
    await page.setViewportSize({ width: 1280, height: 6000 });
    const items = page
      .getByRole('group', { name: /^“.Packages.” Field$/ })
      .getByRole('group', { name: /^“.Items.” Field$/ });
    const priceInputs = items.getByRole('spinbutton', { name: 'Price' });
    await expect(priceInputs).toHaveCount(prices.length, { timeout: 30_000 });
    // The number widget: a spin button (with Increase/Decrease) holding the YAML number as is.
    const values = await priceInputs.evaluateAll((all) =>
      all.map((input) => (input as HTMLInputElement).value),
    );
    expect(values).toEqual(prices);
    await expect(items.getByText('Price in pounds sterling, as a plain number').first()).toBeVisible();
  });
});

test('/admin is in no sitemap and linked from no public page; /admin/ leads to it', async ({ request }) => {
  const sitemap = await (await request.get('/sitemap-0.xml')).text();
  const listed = [...sitemap.matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => new URL(match[1]!).pathname);
  expect(listed).toContain('/');
  expect(listed.filter((path) => path === cmsAdmin.page || path.startsWith(`${cmsAdmin.page}/`))).toEqual([]);
  for (const { path } of sweepPages) {
    const html = await (await request.get(path)).text();
    expect(html, path).not.toMatch(new RegExp(`href="${cmsAdmin.page}["/?#]`));
  }
  const slashed = await request.get(`${cmsAdmin.page}/`, { maxRedirects: 0 });
  expect(slashed.status()).toBe(301);
  expect(slashed.headers().location).toBe(cmsAdmin.page);
});
