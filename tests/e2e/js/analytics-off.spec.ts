/**
 * The normal build has no analytics IDs, so its pages carry no analytics at all: no code, no
 * banner, no "Cookie settings" button, no request to an analytics host and no cookie, even while
 * the visitor uses booking links and history. Requests outside localhost are aborted (the booking
 * page gets a blank stub), and any aborted one fails the test.
 */
import { readFileSync, readdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { expect, test } from '@playwright/test';
import { consentKey } from '../../../src/lib/shared/analytics.ts';
import { stubNetwork } from '../../support/network.ts';
import { sweepPages } from '../../support/pages.ts';
import { site } from '../../support/site.ts';

const built = resolve(process.env.OUT_DIR ?? 'dist');
/** What any part of analytics would leave in a page. */
const analyticsTraces =
  /googletagmanager|google-analytics|clarity\.ms|dataLayer|gtag|data-consent|data-cookie-settings|ga-disable/;

for (const { path, status } of sweepPages) {
  test(`${path}: no analytics request, banner, cookie or Cookie settings button`, async ({
    page,
    context,
  }) => {
    const { blocked: outside } = await stubNetwork(context);

    const response = await page.goto(path);
    expect(response?.status()).toBe(status);
    await expect(page.locator('[data-consent-banner]')).toHaveCount(0);
    await expect(page.getByRole('region', { name: /cookie/i })).toHaveCount(0);
    await expect(page.getByRole('button', { name: /cookie/i })).toHaveCount(0);
    await expect(page.getByRole('link', { name: /cookie settings/i })).toHaveCount(0);

    // What would be tracked with analytics on: a booking click and a change of query.
    const phone = (page.viewportSize()?.width ?? 0) < 768;
    if (phone) await page.locator('[data-mobile-menu] summary').click();
    const booking = page.locator(`a[data-booking="navigation_${phone ? 'mobile' : 'desktop'}"]`);
    const [popup] = await Promise.all([page.waitForEvent('popup'), booking.click()]);
    await expect.poll(() => popup.url()).toBe(site.bookingUrl);
    await popup.close();
    await page.evaluate(() => history.pushState(null, '', '?utm_source=test'));
    await page.waitForLoadState('networkidle');

    expect(outside, 'requests outside localhost').toEqual([]);
    expect(await context.cookies()).toEqual([]);
    expect(await page.evaluate((key) => localStorage.getItem(key), consentKey)).toBeNull();
    expect(
      await page.evaluate(() => ['dataLayer', 'gtag', 'clarity'].filter((name) => name in window)),
    ).toEqual([]);
    expect(await page.content()).not.toMatch(analyticsTraces);
  });
}

test('no built page carries any analytics byte', () => {
  const pages = readdirSync(built, { recursive: true, encoding: 'utf8' }).filter((file) =>
    file.endsWith('.html'),
  );
  expect(pages.length).toBeGreaterThanOrEqual(sweepPages.length);
  for (const file of pages) {
    expect(readFileSync(join(built, file), 'utf8'), file).not.toMatch(analyticsTraces);
  }
});
