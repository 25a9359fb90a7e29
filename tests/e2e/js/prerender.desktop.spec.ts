/**
 * Prerendering in a real Chromium, on a build with analytics (tests/support/analytics-site.ts):
 * the page a visitor hovers is prerendered from the rules its header names, the click shows that
 * prerender, and only then does the page count its view; its islands stay server HTML, with no
 * JavaScript fetched, until used. Driven through Chromium's tab target (tests/support/prerender.ts),
 * the only way Chromium prerenders under automation. The rules themselves:
 * tests/e2e/js/speculation-rules.once.spec.ts.
 */
import { expect } from '@playwright/test';
import { consentKey, tagUrls } from '../../../src/lib/shared/analytics.ts';
import {
  at,
  clarityId,
  decodeHit,
  fakeClarity,
  fakeGtag,
  gaId,
  serveAnalyticsSite,
  test,
} from '../../support/analytics-site.ts';
import { launchTabTargetChromium, pageErrors, recordTraffic } from '../../support/prerender.ts';

serveAnalyticsSite();

/** Long enough for anything a page starts once idle: the tags wait at most 3 s (analytics-vendors.ts). */
const IDLE = 3500;

test('a hovered link’s page is prerendered, shown from the prerender on the click, and counted only then', async () => {
  test.setTimeout(60_000);
  const browser = await launchTabTargetChromium();
  try {
    const page = await browser.newPage();
    await page.setViewport({ width: 1280, height: 800 });
    const errors = pageErrors(page);
    const hits: Array<ReturnType<typeof decodeHit>[number] & { purpose: string }> = [];
    const { requests, blocked } = await recordTraffic(page, (url, request) => {
      if (url.href === tagUrls.ga(gaId))
        return { contentType: 'text/javascript', body: `(${fakeGtag.toString()})();` };
      if (url.href === tagUrls.clarity(clarityId)) {
        return { contentType: 'text/javascript', body: `(${fakeClarity.toString()})();` };
      }
      if (url.pathname === '/g/collect') {
        const purpose = request.headers()['sec-purpose'] ?? '';
        hits.push(...decodeHit(url.href, request.postData() ?? null).map((hit) => ({ ...hit, purpose })));
        return { status: 204 };
      }
      return undefined;
    });
    const views = (path: string) => hits.filter((hit) => hit.en === 'page_view' && hit.page === path);

    // A visitor who accepted analytics earlier, on the services page.
    await page.goto(at('/'));
    await page.evaluate((key) => localStorage.setItem(key, 'granted'), consentKey);
    await page.goto(at('/services'));
    await expect.poll(() => views('/services').length).toBe(1);

    // The first link to another page the header shows.
    const target = await page.$$eval('header a[href^="/"]:not([aria-current])', (links) =>
      links
        .map((link) =>
          link.checkVisibility({ visibilityProperty: true, opacityProperty: true })
            ? link.getAttribute('href')
            : null,
        )
        .find((href) => href && href !== '/'),
    );
    expect(target).toBeTruthy();
    const link = (await page.$(`header a[href="${target}"]`))!;
    await link.hover();
    const prerendered = () => requests.filter(({ purpose }) => purpose.includes('prerender'));
    // The prerendered page asks for the rules its own header names: it is running. (Its document
    // comes from the browser's own fetch, which request interception does not see.)
    await expect.poll(() => prerendered().some(({ url }) => url.startsWith('/speculation/'))).toBe(true);
    await new Promise((idle) => setTimeout(idle, IDLE));
    expect(views(target!), 'page views while prerendered').toEqual([]);
    expect(
      prerendered().filter(({ type }) => type === 'script'),
      'scripts fetched while prerendered (island code, tags)',
    ).toEqual([]);

    await link.click();
    // Activation swaps the page's document under the session: ask again until the new one answers.
    await expect.poll(() => page.evaluate(() => location.pathname).catch(() => 'swapping')).toBe(target);
    const shown = await page.evaluate(() => ({
      activationStart: (
        performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming & {
          activationStart: number;
        }
      ).activationStart,
      islands: document.querySelectorAll('astro-island').length,
      hydrated: document.querySelectorAll('astro-island:not([ssr])').length,
    }));
    expect(shown.activationStart, 'activated from a prerender').toBeGreaterThan(0);
    await expect.poll(() => views(target!).length).toBe(1);
    expect(views(target!)[0]!.purpose, 'the view is sent by the page as shown').toBe('');
    expect(shown.islands).toBeGreaterThan(0);
    expect(shown.hydrated, 'islands hydrated without being used').toBe(0);
    expect(errors).toEqual([]);
    expect(blocked).toEqual([]);
  } finally {
    await browser.close();
  }
});
