/**
 * Coming back, in WebKitGTK and Firefox ESR at the phone size with JavaScript: Back restores the
 * page from the back/forward cache (the page's own state still there, nothing reloaded), and the
 * contact form's draft, kept in the tab's session storage, is back in the form on a later visit.
 */
import { expect, test } from '@playwright/test';
import { phoneSize, pollFor } from '#support/engines/engine.ts';
import { forEachEngine, siteUrl } from '#support/engines/run.ts';
import { uniqueMarker } from '#support/contact.ts';
import { contactRoute } from '#src/lib/shared/routes.ts';
import { browserSweepPages } from '#support/pages.ts';

const [first, second] = browserSweepPages.filter(({ status }) => status === 200).map(({ path }) => path);

forEachEngine((engine, open) => {
  test('Back restores the page from the back/forward cache', async () => {
    const page = await open({ ...phoneSize, javaScript: true });
    await page.goto(siteUrl(first!));
    await page.evaluate(`() => { window.keptAcrossBack = true; }`);
    await page.goto(siteUrl(second!));
    await page.back();
    const kept = await pollFor(
      () =>
        page.evaluate<boolean | null>(
          `(path) => location.pathname === path ? window.keptAcrossBack === true : null`,
          first,
        ),
      (value) => value !== null,
    );
    expect(kept, `${engine.name} restored ${first} from the cache`).toBe(true);
  });

  test('the contact form’s draft is back on a later visit in the same tab', async () => {
    const page = await open({ ...phoneSize, javaScript: true });
    const marker = uniqueMarker(`${engine.name} draft`);
    await page.goto(siteUrl(contactRoute));
    await page.evaluate(`() => document.querySelector('form [name="message"]').focus()`);
    const hydrated = `() => !document.querySelector('form').closest('astro-island').hasAttribute('ssr')`;
    expect(await pollFor(() => page.evaluate<boolean>(hydrated), Boolean)).toBe(true);
    await page.keyboard(
      [...marker].flatMap((key) => [
        { type: 'down' as const, key },
        { type: 'up' as const, key },
      ]),
    );
    await page.goto(siteUrl(first!));
    await page.goto(siteUrl(contactRoute));
    const message = await pollFor(
      () => page.evaluate<string>(`() => document.querySelector('form [name="message"]').value`),
      (value) => value === marker,
    );
    expect(message).toBe(marker);
    expect(await page.problems()).toEqual([]);
  });
});
