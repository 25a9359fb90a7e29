/**
 * The loading budget of the islands (issue: "React islands that work before they hydrate"): using
 * an island fetches React and that island's own code, and nothing else. Opening and scrolling
 * every page fetches no JavaScript at all (tests/e2e/js/every-page.spec.ts). An island's files
 * are the same on every page, so each island is used once per size, on the first swept page that
 * has it (a new island is found in the built pages, with no test edit). The JavaScript bytes each
 * island costs are recorded as `js-bytes` annotations in the report: compressed bodies as
 * transferred, then with the response headers added, and checked against a budget.
 */
import { expect, test } from '@playwright/test';
import { builtSite, tags, servedDist } from '#support/built-site.ts';
import { islandFiles, recordScripts } from '#support/islands.ts';
import { stubNetwork } from '#support/network.ts';
import { sweepPages } from '#support/pages.ts';
import { pageSettled } from '#support/settled.ts';

/** React and react-dom's client (about 60 KB compressed) plus one island's own code. */
const islandBudget = 64 * 1024;

/** React itself and react-dom's client, as they appear in the minified files. */
const reactMarkers = ['react.transitional.element', 'hydrateRoot'];

const built = builtSite(servedDist);

/** Each island's component file, and the first swept page that has it. */
const islandPages = new Map<string, string>();
for (const { path, status } of sweepPages) {
  if (status !== 200) continue;
  for (const island of tags(built.html(path), 'astro-island')) {
    const component = island['component-url'] ?? '';
    if (!islandPages.has(component)) islandPages.set(component, path);
  }
}

for (const [component, route] of islandPages) {
  const name = component.replace(/^.*\/|\..*$/g, '');
  test(`${name} (on ${route}) brings React and its own code only when used, within budget`, async ({
    page,
  }) => {
    // /contact frames the external scheduling page: its stand-in answers at once.
    const { blocked } = await stubNetwork(page);
    const scripts = recordScripts(page);
    await page.goto(route);
    await pageSettled(page);
    expect(scripts.urls(), `JavaScript files fetched before using ${name}`).toEqual([]);

    const island = page.locator(`astro-island[component-url="${component}"]`);
    // The island's first control, as a visitor would reach it.
    const control = island
      .locator('summary, button, a[href], input, select, textarea')
      .filter({ visible: true })
      .first();
    if ((await control.count()) === 0) {
      // Not displayed at this size (the phone menu at desktop size): nothing to use, so it never loads.
      await expect(island).toHaveAttribute('ssr');
      expect(scripts.urls(), `JavaScript files fetched for a hidden ${name}`).toEqual([]);
      return;
    }

    await control.focus();
    await expect(island).not.toHaveAttribute('ssr');
    await pageSettled(page);
    const fetched = scripts.urls();
    const files = await islandFiles(island);
    expect(fetched).toContain(files.component);
    expect(fetched).toContain(files.renderer);
    const otherIslands = await page
      .locator('astro-island')
      .evaluateAll(
        (all, own) => all.map((el) => el.getAttribute('component-url')).filter((url) => url !== own),
        component,
      );
    for (const other of otherIslands) expect(fetched).not.toContain(other);

    const bodies = await scripts.bodies();
    for (const marker of reactMarkers) expect(bodies.some((body) => body.includes(marker))).toBe(true);
    const { body, headers } = await scripts.transferred();
    expect(body, `JavaScript bytes ${name} brings`).toBeLessThanOrEqual(islandBudget);
    expect(blocked, 'requests outside localhost').toEqual([]);
    test.info().annotations.push({
      type: 'js-bytes',
      description: JSON.stringify({
        island: name,
        route,
        bytes: `${body} (${body + headers} with headers) in ${fetched.length} files`,
      }),
    });
  });
}
