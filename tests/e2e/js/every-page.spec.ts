/**
 * Every page a visitor can land on (of the posts and case studies, the newest: tests/support/pages.ts),
 * with JavaScript, at both sizes, each checked in one load:
 * - byte budgets, measured on what a first visit really fetches for the page itself (deterministic,
 *   unlike timings; the speculation rules, which fetch nothing before intent, are tests/e2e/js/speculation-rules.once.spec.ts):
 *   at phone size, the render-blocking CSS and the HTML of the first screen must fit the first round
 *   trip (14 KB gzipped, tests/support/first-round-trip.ts), a page without its photos must stay
 *   under 50 KiB, and no JavaScript file may load before interaction, neither with the page nor
 *   while the visitor scrolls through it (using an island is
 *   tests/e2e/js/loading-budget.spec.ts);
 * - the headers the local server sends are the built _headers' rules, and the page runs under its
 *   Content-Security-Policy with no violation or console error;
 * - no WCAG 2.2 AA violation: axe, and the checks axe cannot make (tests/support/wcag/beyond-axe.ts:
 *   target size, reduced motion, forced colours, reflow at 320 px, text spacing, 200 % text), plus
 *   IBM Equal Access at desktop size (the keyboard walk is tests/e2e/no-js/keyboard.spec.ts);
 * - the normal build has no analytics IDs, so no analytics at all: no banner, no "Cookie settings"
 *   button, no request outside localhost and no cookie; and once per size, none either while the
 *   visitor uses a booking link and history (the booking page gets a blank stand-in).
 */
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { expect, test, type BrowserContext, type Page, type Response } from '@playwright/test';
import { test as sweepTest } from '#support/sweep-page.ts';
import { consentKey } from '#src/lib/shared/analytics.ts';
import { headersFor, parseHeadersFile } from '#src/lib/shared/headers-file.ts';
import { expectNoAxeViolations } from '#support/axe.ts';
import { FIRST_ROUND_TRIP, firstLoadBytes, PAGE_WITHOUT_PHOTOS } from '#support/first-round-trip.ts';
import { openPhoneMenu, recordScripts, scrollToY } from '#support/islands.ts';
import { expectWcagBeyondAxe } from '#support/wcag/beyond-axe.ts';
import { stubNetwork } from '#support/network.ts';
import { watchPageProblems } from '#support/page-problems.ts';
import { analyticsTraces, browserSweepPages } from '#support/pages.ts';
import { everyResponse, pageSettled } from '#support/settled.ts';
import { site } from '#support/site.ts';
import { servedDist } from '#support/built-site.ts';

const built = servedDist;
const rules = () => parseHeadersFile(readFileSync(resolve(built, '_headers'), 'utf8'));

/**
 * The budgets of the first load (tests/support/first-round-trip.ts), given every response it
 * brought. The first round trip is held at phone size, where the network is slowest and each round
 * trip costs most; a desktop's larger first screen is measured and reported only.
 */
async function expectWithinBudgets(page: Page, responses: Response[], isMobile: boolean) {
  const scripts = responses.filter((response) => response.request().resourceType() === 'script');
  expect(scripts.map((response) => response.url())).toEqual([]);
  const { firstTrip, total } = await firstLoadBytes(page, responses);
  if (isMobile)
    expect(firstTrip, 'render-blocking CSS + the HTML of the first screen, gzipped').toBeLessThanOrEqual(
      FIRST_ROUND_TRIP,
    );
  expect(total, 'everything but photos, gzipped').toBeLessThanOrEqual(PAGE_WITHOUT_PHOTOS);
  test.info().annotations.push({ type: 'bytes', description: `first trip ${firstTrip} B, total ${total} B` });
}

/** The local server sends exactly what Netlify reads from the built _headers file. */
async function expectServedPolicy(page: Page, path: string, status: number, response: Response) {
  const headers = response.headers();
  // An unknown path matches no page's rule (each page has its own policy, see pageRules): its
  // 404 page carries its policy in a <meta>, where frame-ancestors cannot go; X-Frame-Options:
  // DENY still forbids framing. Built pages' headers are
  // checked one by one in tests/e2e/no-js/security-headers.once.spec.ts.
  if (status === 404 && !headers['content-security-policy']) {
    const policy =
      (await page.locator('meta[http-equiv="Content-Security-Policy"]').getAttribute('content')) ?? '';
    expect(policy).toContain("script-src 'self'");
    expect(policy).not.toMatch(/unsafe-inline|unsafe-eval/);
    expect(policy).toContain("object-src 'none'");
    expect(headers['x-frame-options']).toBe('DENY');
  }
  for (const [name, value] of Object.entries(headersFor(path, rules())))
    expect(headers[name], name).toBe(value);
}

/** Scrolls to the bottom a viewport at a time, as a reader would, then back to the top. */
async function scrollThrough(page: Page) {
  const viewport = await page.evaluate(() => innerHeight);
  const end = await page.evaluate(() => document.documentElement.scrollHeight - innerHeight);
  for (let y = viewport; y < end + viewport; y += viewport) await scrollToY(page, Math.min(y, end));
  await scrollToY(page, 0);
  await pageSettled(page);
}

/** No banner, button, cookie, stored choice or analytics global. */
async function expectNoAnalytics(page: Page, context: BrowserContext) {
  await expect(page.locator('[data-consent-banner]')).toHaveCount(0);
  await expect(page.getByRole('region', { name: /cookie/i })).toHaveCount(0);
  await expect(page.getByRole('button', { name: /cookie/i })).toHaveCount(0);
  await expect(page.getByRole('link', { name: /cookie settings/i })).toHaveCount(0);
  expect(await context.cookies()).toEqual([]);
  expect(await page.evaluate((key) => localStorage.getItem(key), consentKey)).toBeNull();
  expect(
    await page.evaluate(() => ['dataLayer', 'gtag', 'clarity'].filter((name) => name in window)),
  ).toEqual([]);
  expect(await page.content()).not.toMatch(analyticsTraces);
}

for (const { path, status } of browserSweepPages) {
  sweepTest(
    `${path}: byte budgets, headers and CSP, WCAG 2.2 AA, and no analytics`,
    async ({ page, isMobile }) => {
      const context = page.context();
      // Axe, IBM and the WCAG checks on one load: on a shared, loaded machine they need more than 30 s.
      sweepTest.slow();
      const { blocked } = await stubNetwork(context);
      // The browser reports the 404 document itself as a failed load; that is the page working.
      const problems = await watchPageProblems(page, { allowNotFound: status === 404 });
      const responses: Response[] = [];
      page.on('response', (response) => responses.push(response));
      const scripts = recordScripts(page);

      const response = await page.goto(path);
      expect(response?.status()).toBe(status);

      await expectWithinBudgets(page, await everyResponse(page, responses), isMobile);
      await expectServedPolicy(page, path, status, response!);
      await expectNoAxeViolations(page, path);
      await expectWcagBeyondAxe(page, path, { ibm: !isMobile });
      // Scrolling brings in the lazy photos and, on /contact, the scheduler's frame: no script.
      await scrollThrough(page);
      expect(scripts.urls(), 'JavaScript files fetched while scrolling').toEqual([]);
      await expectNoAnalytics(page, context);
      expect(blocked, 'requests outside localhost').toEqual([]);
      expect(problems).toEqual([]);
    },
  );
}

test('using a booking link and history sends nothing and sets no cookie', async ({
  page,
  context,
  isMobile,
}) => {
  const { blocked } = await stubNetwork(context);
  await page.goto('/');
  // What would be tracked with analytics on: a booking click and a change of query.
  if (isMobile) await openPhoneMenu(page);
  const booking = page.locator(`a[data-booking="navigation_${isMobile ? 'mobile' : 'desktop'}"]`);
  const [popup] = await Promise.all([page.waitForEvent('popup'), booking.click()]);
  await expect.poll(() => popup.url()).toBe(site.bookingUrl);
  await popup.close();
  await page.evaluate(() => history.pushState(null, '', '?utm_source=test'));
  await pageSettled(page);
  await expectNoAnalytics(page, context);
  expect(blocked, 'requests outside localhost').toEqual([]);
});

test("a legacy redirect page's only script, inline, runs under the CSP", async ({ page }) => {
  const problems = await watchPageProblems(page);
  await page.goto('/services/bpo.html');
  await expect(page).toHaveURL(/\/services\/admin-appointment$/);
  expect(problems).toEqual([]);
});
