/**
 * Prerendering in a real Chromium, on a build with analytics (tests/support/analytics-site.ts):
 * the page a visitor hovers is prerendered from the rules it holds, the click shows that
 * prerender, and only then does the page count its view; its islands stay server HTML, with no
 * JavaScript fetched, until used; a service card's page, fetched ahead once the home page has
 * loaded, is prerendered from that copy on the press, with no second request. Driven through
 * Chromium's tab target (tests/support/prerender.ts), the only way Chromium prerenders under
 * automation. The rules themselves: tests/e2e/js/speculation-rules.once.spec.ts.
 */
import { expect } from '@playwright/test';
import { consentKey, tagUrls } from '#src/lib/shared/analytics.ts';
import { idleModuleAttribute } from '#src/lib/shared/page-layout.ts';
import {
  at,
  clarityId,
  decodeHit,
  fakeClarity,
  fakeGtag,
  gaId,
  serveAnalyticsSite,
  servedRequests,
  test,
} from '#support/analytics-site.ts';
import { launchTabTargetChromium, pageErrors, prerenderedPaths, recordTraffic } from '#support/prerender.ts';
import { likelyNextAttribute } from '#src/lib/shared/speculation-marks.ts';
import { aheadTimeout } from '#support/speculation.ts';

serveAnalyticsSite();

/** Long enough for anything a page starts once idle: the tags wait at most 3 s (analytics-vendors.ts). */
const IDLE = 3500;

type Browser = Awaited<ReturnType<typeof launchTabTargetChromium>>;

/**
 * Opens the services page as a visitor with `consent` stored (or none), hovers the first link to
 * another page the header shows until that page is prerendered and has had time to run, then
 * clicks it and waits for the shown page.
 */
async function hoverThenClick(browser: Browser, consent?: 'granted') {
  const page = await browser.newPage();
  await page.setViewport({ width: 1280, height: 800 });
  const errors = pageErrors(page);
  const hits: Array<ReturnType<typeof decodeHit>[number] & { purpose: string }> = [];
  const prerenders = await prerenderedPaths(browser);
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

  await page.goto(at('/'));
  if (consent) await page.evaluate((key, value) => localStorage.setItem(key, value), consentKey, consent);
  await page.goto(at('/services'));
  if (consent) await expect.poll(() => views('/services').length).toBe(1);

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
  // The prerendered page's document has committed: it is running. (Its document comes from the
  // browser's own fetch, which request interception does not see.)
  await expect.poll(prerenders).toContain(target);
  await new Promise((idle) => setTimeout(idle, IDLE));
  // The site's analytics file, which the page before has loaded already (cached for a year), may
  // load: what it starts waits for the page to be shown. Nothing else may.
  const analyticsFile = await page.$eval(
    '[data-consent-banner]',
    (banner, name) => banner.getAttribute(name),
    idleModuleAttribute,
  );
  const whilePrerendered = {
    views: views(target!),
    scripts: prerendered().filter(({ type, url }) => type === 'script' && url !== analyticsFile),
  };

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
    banner: !(document.querySelector('[data-consent-banner]') as HTMLElement).hidden,
  }));
  return { target: target!, whilePrerendered, shown, views, hits, requests, blocked, errors };
}

test('a hovered link’s page is prerendered, shown from the prerender on the click, and counted only then', async () => {
  test.setTimeout(60_000);
  const browser = await launchTabTargetChromium();
  try {
    const visit = await hoverThenClick(browser, 'granted');
    expect(visit.whilePrerendered.views, 'page views while prerendered').toEqual([]);
    expect(visit.whilePrerendered.scripts, 'scripts fetched while prerendered (island code, tags)').toEqual(
      [],
    );
    expect(visit.shown.activationStart, 'activated from a prerender').toBeGreaterThan(0);
    await expect.poll(() => visit.views(visit.target).length).toBe(1);
    expect(visit.views(visit.target)[0]!.purpose, 'the view is sent by the page as shown').toBe('');
    expect(visit.shown.banner, 'the banner, for a visitor who chose').toBe(false);
    expect(visit.shown.islands).toBeGreaterThan(0);
    expect(visit.shown.hydrated, 'islands hydrated without being used').toBe(0);
    expect(visit.errors).toEqual([]);
    expect(visit.blocked).toEqual([]);
  } finally {
    await browser.close();
  }
});

test('a visitor who has not chosen sees the banner on the prerendered page once shown, and nothing is sent', async () => {
  test.setTimeout(60_000);
  const browser = await launchTabTargetChromium();
  try {
    const visit = await hoverThenClick(browser);
    expect(visit.shown.activationStart, 'activated from a prerender').toBeGreaterThan(0);
    expect(visit.shown.banner, 'the consent banner').toBe(true);
    expect(visit.whilePrerendered.scripts).toEqual([]);
    expect(visit.hits).toEqual([]);
    expect(
      visit.requests.filter(({ url }) => !url.startsWith('/')),
      'requests to other hosts',
    ).toEqual([]);
    expect(visit.errors).toEqual([]);
  } finally {
    await browser.close();
  }
});

test('a service card’s page, fetched ahead once the home page has loaded, is prerendered from that copy on the press and shown on the release', async () => {
  test.setTimeout(60_000);
  const browser = await launchTabTargetChromium();
  try {
    const page = await browser.newPage();
    await page.setViewport({ width: 1280, height: 800 });
    const errors = pageErrors(page);
    const prerenders = await prerenderedPaths(browser);
    const { blocked } = await recordTraffic(page, () => undefined);
    const card = `[${likelyNextAttribute}] > li > a`;
    // This test's requests only: the file's other tests visit pages that fetch the same pages ahead.
    const ours = servedRequests.length;
    await page.goto(at('/'), { waitUntil: 'load' });
    const target = await page.$eval(card, (link) => link.getAttribute('href'));
    expect(target).toBeTruthy();
    const fetchedAhead = () =>
      servedRequests.slice(ours).findIndex(({ url, purpose }) => url === target && purpose === 'prefetch');
    await expect
      .poll(fetchedAhead, { message: 'the card’s page fetched ahead after the load', timeout: aheadTimeout })
      .toBeGreaterThanOrEqual(0);
    const afterFetch = servedRequests.length;

    const link = (await page.$(card))!;
    await link.scrollIntoView();
    const box = (await link.boundingBox())!;
    await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
    await page.mouse.down();
    // The press starts the prerender, from the copy fetched ahead.
    await expect.poll(prerenders).toContain(target);
    await page.mouse.up();
    await expect.poll(() => page.evaluate(() => location.pathname).catch(() => 'swapping')).toBe(target);
    const activationStart = await page.evaluate(
      () =>
        (
          performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming & {
            activationStart: number;
          }
        ).activationStart,
    );
    expect(activationStart, 'activated from a prerender').toBeGreaterThan(0);
    expect(
      servedRequests.slice(afterFetch).filter(({ url }) => url === target),
      'the page asked for again after the press: the copy fetched ahead went unused',
    ).toEqual([]);
    expect(errors).toEqual([]);
    expect(blocked).toEqual([]);
  } finally {
    await browser.close();
  }
});
