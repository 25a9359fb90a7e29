/**
 * The speculation rules as every page holds them (src/lib/build-time/speculation-rules.ts): data
 * in the page's head, fetching nothing on arrival, which a script turns into one valid rule set,
 * allowed by the page's Content-Security-Policy, and matching, on the page's real links, only what
 * they may: same-site pages, never the booking page or another origin, the contact form's answers, the editor, feeds, files, legacy paths or
 * links marked external; before the visitor shows intent, nothing fetched until the page has
 * loaded and painted, and then only the likely next pages, within the limits of
 * src/lib/build-time/speculation-rules.ts, counted apart from the page's own budget (which counts
 * only what the page itself fetches: tests/e2e/js/loading-budget.spec.ts). The open phone menu's
 * pages fetched ahead: tests/e2e/js/speculation-ahead.phone.spec.ts. Chromium prerendering and
 * showing them is tests/e2e/js/prerender.desktop.spec.ts.
 */
import { expect, test, type Response } from '@playwright/test';
import { beforeIntent, pagesThatFit } from '#src/lib/build-time/speculation-rules.ts';
import { contactRoute } from '#src/lib/shared/routes.ts';
import { likelyNextAttribute } from '#src/lib/shared/speculation-marks.ts';
import { speculationRulesDataId } from '#src/lib/shared/page-layout.ts';
import { builtSite, servedDist } from '#support/built-site.ts';
import { gzipped } from '#support/first-round-trip.ts';
import { watchPageProblems } from '#support/page-problems.ts';
import { builtRedirects } from '#support/redirects.ts';
import { browserSweepPages } from '#support/pages.ts';
import { pageSettled } from '#support/settled.ts';
import { site } from '#support/site.ts';
import {
  aheadTimeout,
  isFetchedAhead,
  pathsFetchedAhead,
  ruleSetsOf,
  speculatedLinks,
  type Probe,
} from '#support/speculation.ts';

const pages = browserSweepPages.filter(({ status }) => status === 200);
const built = builtSite(servedDist);
const gzippedSize = (route: string) => gzipped(built.html(route));

test('the editor at /admin holds no speculation rules', async ({ request }) => {
  const response = await request.get('/admin');
  expect(response.status()).toBe(200);
  expect(await response.text()).not.toContain(`id="${speculationRulesDataId}"`);
});

for (const { path } of pages) {
  test(`${path} holds valid rules that speculate only on same-site pages, and only on intent`, async ({
    page,
  }) => {
    // No request interception here: Chromium's own fetches ahead bypass it, and would go unseen.
    // Other hosts fail at once anyway (playwright.config.ts).
    const responses: Response[] = [];
    page.on('response', (each) => responses.push(each));
    const problems = await watchPageProblems(page);
    await page.goto(path);
    await pageSettled(page);
    const sets = await ruleSetsOf(page);
    expect(sets.length, 'rule sets in the page').toBe(1);
    // In the head, so Chromium has the rules before it first styles the page.
    await expect(page.locator(`head > #${speculationRulesDataId}`)).toHaveCount(1);
    // Read by Chromium under the page's policy (a refused inline set is logged as an error).
    expect(problems).toEqual([]);

    // Where the page's head points besides pages (its own address, a list's next and previous
    // pages): icons, feeds, on this origin too.
    const headLinks = await page
      .locator('head link[href]:not([rel="canonical"], [rel="next"], [rel="prev"])')
      .evaluateAll((links) => links.map((link) => (link as HTMLLinkElement).href));
    const never: Probe[] = [
      { href: site.bookingUrl },
      { href: site.bookingUrl, attributes: { target: '_blank', rel: 'noopener', 'data-booking': 'probe' } },
      { href: '/about', attributes: { 'data-booking': 'probe' } },
      { href: '/about', attributes: { target: '_blank' } },
      { href: '/about', attributes: { download: '' } },
      { href: '/about', attributes: { rel: 'external' } },
      { href: '/contact/sent' },
      { href: '/contact/error' },
      { href: '/admin' },
      { href: '/404' },
      ...Object.keys(builtRedirects()).map((href) => ({ href })),
      ...headLinks.flatMap((href) => [{ href }, { href: new URL(href).pathname }]),
    ];
    const speculated = await speculatedLinks(page, sets, never);
    expect(speculated.filter(({ probe }) => probe).map(({ href }) => href)).toEqual([]);

    const origin = new URL(page.url()).origin;
    for (const { href } of speculated) expect(new URL(href).origin, href).toBe(origin);

    // The header's own links to other pages are all prerendered on intent.
    const nav = await page
      .locator('header a[href^="/"]:not([target]):not([aria-current])')
      .evaluateAll((links) => links.map((link) => (link as HTMLAnchorElement).href));
    expect(nav.length).toBeGreaterThan(0);
    const onIntent = speculated.filter((s) => s.action === 'prerender' && s.eagerness === 'moderate');
    for (const href of nav)
      expect(
        onIntent.map((s) => s.href),
        href,
      ).toContain(href);

    // Before any intent: nothing fetched ahead until the page has loaded and painted, then the likely
    // next pages: the service cards' where the page shows them (as many as fit), else the contact page.
    const cards = await page
      .locator(`main [${likelyNextAttribute}] > li > a`)
      .evaluateAll((links) => links.map((link) => new URL((link as HTMLAnchorElement).href).pathname));
    const expected = cards.length
      ? cards.slice(0, pagesThatFit(cards.map(gzippedSize)))
      : path === contactRoute
        ? []
        : [contactRoute];
    const ahead = () => responses.filter(isFetchedAhead);
    await expect
      .poll(() => pathsFetchedAhead(responses), { timeout: aheadTimeout })
      .toEqual([...expected].sort());
    expect(ahead().every((each) => each.request().headers()['sec-purpose'] === 'prefetch')).toBe(true);
    // Not before the load, nor before the page's first view is on screen: its first largest paint.
    // (Later candidates, a web font swapped in, can come after the page marked itself loaded: no
    // page can wait for a paint the browser has not decided to report.)
    const shownAt = await page.evaluate(
      () =>
        new Promise<number>((resolve) =>
          new PerformanceObserver((list) =>
            resolve(
              performance.timeOrigin +
                Math.max(
                  (performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming)
                    .loadEventStart,
                  list.getEntries()[0]?.startTime ?? 0,
                ),
            ),
          ).observe({ type: 'largest-contentful-paint', buffered: true }),
        ),
    );
    for (const each of ahead())
      expect(each.request().timing().startTime, each.url()).toBeGreaterThanOrEqual(shownAt);
    const bytes = await Promise.all(
      ahead().map(async (each) => (await each.request().sizes()).responseBodySize),
    );
    expect(bytes.length).toBeLessThanOrEqual(beforeIntent.pages);
    expect(bytes.reduce((sum, size) => sum + size, 0)).toBeLessThanOrEqual(beforeIntent.bytes);
  });
}
