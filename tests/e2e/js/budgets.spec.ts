/**
 * Byte budgets, measured on what a first visit really fetches (deterministic, unlike timings):
 * the HTML plus its render-blocking CSS must fit the first round trip (14 KB gzipped), a page
 * without its photos must stay under 50 KiB, and no JavaScript file may load before interaction.
 */
import { gzipSync } from 'node:zlib';
import { expect, test, type Response } from '@playwright/test';
import { sweepPages } from '../../support/pages.ts';

const FIRST_ROUND_TRIP = 14_000;
const PAGE_WITHOUT_PHOTOS = 50 * 1024;
const photo = /^image\/(jpeg|avif|webp)$/;

const gzipped = async (response: Response) => gzipSync(await response.body(), { level: 9 }).length;

for (const { path } of sweepPages) {
  test(`${path} fits its byte budgets`, async ({ page }) => {
    const responses: Response[] = [];
    page.on('response', (response) => responses.push(response));
    await page.goto(path);
    await page.waitForLoadState('networkidle');

    const scripts = responses.filter((response) => response.request().resourceType() === 'script');
    expect(scripts.map((response) => response.url())).toEqual([]);

    const document = responses.find((response) => response.request().resourceType() === 'document')!;
    const blockingCss = await page.$$eval('head link[rel="stylesheet"]', (links) =>
      links.map((link) => (link as HTMLLinkElement).href),
    );
    const css = responses.filter((response) => blockingCss.includes(response.url()));
    expect(css).toHaveLength(blockingCss.length);
    const firstTrip =
      (await gzipped(document)) + (await Promise.all(css.map(gzipped))).reduce((a, b) => a + b, 0);
    expect(firstTrip, `HTML + render-blocking CSS, gzipped`).toBeLessThanOrEqual(FIRST_ROUND_TRIP);

    let total = 0;
    for (const response of responses) {
      if (photo.test(response.headers()['content-type'] ?? '')) continue;
      total += await gzipped(response);
    }
    expect(total, 'everything but photos, gzipped').toBeLessThanOrEqual(PAGE_WITHOUT_PHOTOS);
    test
      .info()
      .annotations.push({ type: 'bytes', description: `first trip ${firstTrip} B, total ${total} B` });
  });
}
