/**
 * The byte budgets (tests/support/first-round-trip.ts) on the article test site, where the texts
 * are long: a 5,000-word post (article-fixtures.ts) and a privacy notice twice today's length
 * (editor-edits.ts) fit their first screen in the first round trip at phone size, as every other
 * page of the copy does; the same measure still fails a page whose header or CSS outgrows it. A
 * photo straight from a phone's camera in a post's text reaches a phone resized, once scrolled to.
 * Registered by tests/integration/src/lib/build-time/articles/articles.test.ts on its one built copy.
 */
import { randomBytes } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { gzipSync } from 'node:zlib';
import { chromium, type Browser, type Page, type Response } from '@playwright/test';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ProjectCopy } from './project-copy.ts';
import { createSiteServer } from '#server/server.ts';
import { fixtures } from './article-fixtures.ts';
import { builtSite, xmlValues } from './built-site.ts';
import { testChromium } from './chromium.ts';
import { longerLegalPage } from './editor-edits.ts';
import { FIRST_ROUND_TRIP, firstLoadBytes, PAGE_WITHOUT_PHOTOS } from './first-round-trip.ts';

/** Text that does not compress, as a header or stylesheet grown past the budget would be at worst. */
const bloat = () => randomBytes(8_000).toString('base64');

export function budgetChecks(copy: ProjectCopy) {
  describe('the byte budgets of long pages, at phone size', () => {
    const server = createSiteServer({ root: copy.dist, log: () => {} });
    const longPages = [longerLegalPage.route, `/blog/${fixtures.longPost.id}`];
    let browser: Browser;
    let page: Page;
    let origin = '';

    beforeAll(async () => {
      await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
      origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
      browser = await chromium.launch({ executablePath: testChromium });
      page = await browser.newPage({
        viewport: { width: 375, height: 812 },
        isMobile: true,
        hasTouch: true,
      });
    });
    afterAll(async () => {
      await browser?.close();
      await new Promise((done) => server.close(done));
    });

    const load = async (route: string) => {
      const responses: Response[] = [];
      const record = (response: Response) => responses.push(response);
      page.on('response', record);
      await page.goto(origin + route, { waitUntil: 'load' });
      page.off('response', record);
      return firstLoadBytes(page, responses);
    };

    it('has long pages the whole-document measure would fail', () => {
      for (const route of longPages) {
        const whole = gzipSync(builtSite(copy.dist).html(route), { level: 9 }).length;
        expect(whole, route).toBeGreaterThan(FIRST_ROUND_TRIP);
      }
    });

    it('fits every page’s first screen in the first round trip, and the whole page without photos in its budget', async () => {
      const sitemap = builtSite(copy.dist).read('/sitemap-0.xml').toString('utf8');
      const routes = xmlValues(sitemap, 'loc').map((location) => new URL(location).pathname);
      expect(routes).toEqual(expect.arrayContaining(longPages));
      for (const route of routes) {
        const { firstTrip, total } = await load(route);
        expect(firstTrip, route).toBeLessThanOrEqual(FIRST_ROUND_TRIP);
        expect(total, route).toBeLessThanOrEqual(PAGE_WITHOUT_PHOTOS);
      }
    });

    it('sends a 4032 × 3024 photo in a post’s text to a 412 px phone at most about 1,600 px wide, once scrolled to', async () => {
      const viewport = { width: 412, height: 915 };
      const deviceScaleFactor = 2.625;
      const phone = await browser.newPage({
        viewport,
        deviceScaleFactor,
        isMobile: true,
        hasTouch: true,
      });
      const images: Response[] = [];
      phone.on('response', (response) => {
        if (response.headers()['content-type']?.startsWith('image/')) images.push(response);
      });
      await phone.goto(`${origin}/blog/${fixtures.longRead.id}`, { waitUntil: 'load' });
      const photo = phone.getByRole('img', { name: fixtures.phonePhoto.alt });
      const fetched = () =>
        images.filter((response) => response.url().includes(fixtures.phonePhoto.file.replace(/\.\w+$/, '.')));
      // Lazy: the photo is far below the first screen and not fetched with the page.
      expect(fetched()).toEqual([]);
      await photo.scrollIntoViewIfNeeded();
      await expect
        .poll(() => photo.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth))
        .toBeGreaterThan(0);
      const currentSrc = await photo.evaluate((img: HTMLImageElement) => img.currentSrc);
      expect(fetched().map((response) => response.url())).toEqual([currentSrc]);
      // The file's own width (naturalWidth is divided by the density the srcset gives it).
      const { width = 0, format, compression } = await sharp(await fetched()[0]!.body()).metadata();
      expect(width).toBeLessThanOrEqual(1600);
      // Sharp on the phone's screen: at least as wide as the screen's own pixels.
      expect(width).toBeGreaterThanOrEqual(viewport.width * deviceScaleFactor);
      expect({ format, compression }).toEqual({ format: 'heif', compression: 'av1' }); // AVIF
      await phone.close();
    });

    it('still fails a page whose header or render-blocking CSS outgrows the first round trip', async () => {
      const route = `/blog/${fixtures.longPost.id}`;
      const grown = {
        header: (html: string) => html.replace('</header>', `<p hidden>${bloat()}</p></header>`),
        css: (html: string) => html.replace('</head>', '<link rel="stylesheet" href="/grown.css"></head>'),
      };
      await page.route(`${origin}/grown.css`, (request) =>
        request.fulfill({ contentType: 'text/css', body: `/* ${bloat()} */` }),
      );
      for (const [part, grow] of Object.entries(grown)) {
        await page.route(origin + route, async (request) => {
          const response = await request.fetch();
          await request.fulfill({ response, body: grow(await response.text()) });
        });
        expect((await load(route)).firstTrip, part).toBeGreaterThan(FIRST_ROUND_TRIP);
        await page.unroute(origin + route);
      }
    });
  });
}
