/**
 * The loading budget of the islands (issue: "React islands that work before they hydrate"):
 * opening any route, and scrolling through it, fetches no JavaScript file at all; using an
 * island fetches React and that island's own code, and nothing else. The JavaScript bytes each
 * island costs are recorded as `js-bytes` annotations in the report: compressed bodies as
 * transferred, then with the response headers added, and checked against a budget.
 */
import { expect, test, type Page } from '@playwright/test';
import { islandFiles, recordScripts, scrollToY } from '../../support/islands.ts';
import { stubNetwork } from '../../support/network.ts';
import { sweepPages } from '../../support/pages.ts';

/** React and react-dom's client (about 60 KB compressed) plus one island's own code. */
const islandBudget = 64 * 1024;

/** React itself and react-dom's client, as they appear in the minified files. */
const reactMarkers = ['react.transitional.element', 'hydrateRoot'];

/** Scrolls to the bottom a viewport at a time, as a reader would, then back to the top. */
async function scrollThrough(page: Page) {
  const viewport = await page.evaluate(() => innerHeight);
  const end = await page.evaluate(() => document.documentElement.scrollHeight - innerHeight);
  for (let y = viewport; y < end + viewport; y += viewport) await scrollToY(page, Math.min(y, end));
  await scrollToY(page, 0);
}

for (const { path: route, status } of sweepPages) {
  test(`${route}: no JavaScript on load or scroll; each island brings React only when used`, async ({
    page,
  }) => {
    // Scrolling /contact brings in the external scheduling page's frame: its stand-in answers at
    // once, so waiting for the network to settle never hangs on a host the test machine cannot reach.
    const { blocked } = await stubNetwork(page);
    // Routing every script request keeps them out of the HTTP cache, so each reload below
    // fetches (and measures) what a first visit would.
    await page.route(
      (url) => url.pathname.endsWith('.js'),
      (intercepted) => intercepted.continue(),
    );
    const onLoad = recordScripts(page);
    const response = await page.goto(route);
    expect(response?.status()).toBe(status);
    await page.waitForLoadState('networkidle');
    expect(onLoad.urls(), 'JavaScript files fetched on load').toEqual([]);

    await scrollThrough(page);
    await page.waitForLoadState('networkidle');
    expect(onLoad.urls(), 'JavaScript files fetched while scrolling').toEqual([]);

    const bytes: Record<string, string> = { load: '0' };
    const islandCount = await page.locator('astro-island').count();
    for (let index = 0; index < islandCount; index++) {
      if (index > 0) await page.reload();
      const island = page.locator('astro-island').nth(index);
      const files = await islandFiles(island);
      const name = files.component.replace(/^.*\/|\..*$/g, '');
      // The island's first control, as a visitor would reach it; the phone menu is not
      // displayed at desktop size, so there is nothing there to use.
      const controls = island.locator('summary, button, a[href], input, select, textarea');
      const control = controls.filter({ visible: true }).first();
      if ((await control.count()) === 0) continue;

      const used = recordScripts(page);
      await page.waitForLoadState('networkidle');
      expect(used.urls(), `JavaScript files fetched before using ${name}`).toEqual([]);
      await control.focus();
      await expect(island).not.toHaveAttribute('ssr');
      const fetched = used.urls();
      expect(fetched).toContain(files.component);
      expect(fetched).toContain(files.renderer);
      const otherIslands = await page
        .locator('astro-island')
        .evaluateAll(
          (all, own) => all.map((el) => el.getAttribute('component-url')).filter((url) => url !== own),
          files.component,
        );
      for (const other of otherIslands) expect(fetched).not.toContain(other);

      const bodies = await used.bodies();
      for (const marker of reactMarkers) expect(bodies.some((body) => body.includes(marker))).toBe(true);
      const { body, headers } = await used.transferred();
      expect(body, `JavaScript bytes ${name} brings`).toBeLessThanOrEqual(islandBudget);
      bytes[name] = `${body} (${body + headers} with headers) in ${fetched.length} files`;
    }

    expect(blocked, 'requests outside localhost').toEqual([]);
    test.info().annotations.push({ type: 'js-bytes', description: JSON.stringify({ route, ...bytes }) });
  });
}
