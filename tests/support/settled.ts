/**
 * Waits for what a browser test needs before it checks that something did not happen, never for
 * the network to go quiet: "network idle" is a guess (no request for 500 ms) that a loaded machine
 * can miss for minutes, and that proves nothing a test asks about.
 */
import { expect, type Page, type Response } from '@playwright/test';

/**
 * Resolves once the page has loaded and then run what it defers past load to an idle moment
 * (where the site starts anything optional), or a second later on a machine too busy to give it
 * one: a script, tag or beacon the page would fetch on its own has been requested by then.
 * (Neither a frame nor a polling by frames: a headless page whose view has not changed may draw
 * none.)
 */
export async function pageSettled(page: Page): Promise<void> {
  await page.waitForLoadState('load');
  await page.evaluate(
    () => new Promise<void>((resolve) => requestIdleCallback(() => resolve(), { timeout: 1000 })),
  );
}

/**
 * Once the page has settled, waits until `responses` (filled by a `response` listener) holds the
 * document and every same-origin resource the browser lists as fetched (Resource Timing), fonts
 * and the photos in view included, and returns them: a complete count of what the visit fetched.
 */
export async function everyResponse(page: Page, responses: Response[]): Promise<Response[]> {
  await pageSettled(page);
  await page.evaluate(() => document.fonts.ready.then(() => undefined));
  await page.waitForFunction(
    () =>
      [...document.images]
        .filter((image) => {
          const box = image.getBoundingClientRect();
          return box.bottom > 0 && box.top < innerHeight && box.width > 0;
        })
        .every((image) => image.complete),
    undefined,
    { polling: 100 },
  );
  const fetched = await page.evaluate(() => [
    location.href.replace(/#.*/, ''),
    ...performance
      .getEntriesByType('resource')
      .map((entry) => entry.name)
      .filter((name) => new URL(name).origin === location.origin),
  ]);
  const missing = () => fetched.filter((url) => !responses.some((response) => response.url() === url));
  await expect.poll(missing, 'fetched resources without their response').toEqual([]);
  return [...responses];
}
