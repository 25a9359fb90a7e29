/**
 * Back to any page is instant: Chromium keeps it whole in its back/forward cache (no `unload`
 * handler, no `no-store` answer, nothing the cache refuses) and shows it again as it was left,
 * islands and what was typed into them included. Every page the browser sweeps load, at phone
 * size (the cache does not care about the width). Analytics on a restore:
 * analytics-back-forward.desktop.spec.ts.
 */
import { expect, test } from '@playwright/test';
import { backForwardCacheLaunch } from '#support/chromium.ts';
import { leaveAndComeBack, recordPageShows } from '#support/back-forward-cache.ts';
import { browserSweepPages } from '#support/pages.ts';
import { enquiry, expectEnquiry, expectHydrated, fillEnquiry, uniqueMarker } from '#support/contact.ts';
import { faqPages } from '#support/islands.ts';
import { stubNetwork } from '#support/network.ts';

test.use({ launchOptions: backForwardCacheLaunch });

/** A page to leave for: any other page of the site, with a query so it is never the page itself. */
const away = '/about?away';

test.beforeEach(async ({ page }) => {
  await recordPageShows(page);
  // The contact page's scheduling frame shows a blank stand-in, as it would show the real page.
  await stubNetwork(page);
});

for (const { path, status } of browserSweepPages) {
  if (status === 200) {
    test(`${path} comes back from the back/forward cache`, async ({ page }) => {
      await page.goto(path);
      expect(await leaveAndComeBack(page, away)).toEqual({ restored: true, reasons: null });
    });
  } else {
    // Chromium keeps only pages answered with a 2xx status, and the 404 page must keep its status:
    // that is the one reason named. ("masked" stands for Chromium's own, never the page's.)
    test(`${path} (${status}) is refused only for its status`, async ({ page }) => {
      await page.goto(path);
      const { restored, reasons } = await leaveAndComeBack(page, away);
      expect(restored).toBe(false);
      const { reasons: named, children } = reasons as { reasons: { reason: string }[]; children: unknown[] };
      expect(named.map(({ reason }) => reason).filter((reason) => reason !== 'masked')).toEqual([
        'response-status-not-ok',
      ]);
      expect(children).toEqual([]);
    });
  }
}

test('the contact form comes back as it was left: hydrated, with everything typed', async ({ page }) => {
  const values = enquiry(uniqueMarker('Back and forth'));
  await page.goto('/contact');
  await fillEnquiry(page, values);
  await expectHydrated(page);
  // Focus moves out of the form, so nothing but the cache could keep it hydrated.
  await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());

  expect(await leaveAndComeBack(page, away)).toEqual({ restored: true, reasons: null });
  await expectHydrated(page);
  await expectEnquiry(page, values);
});

test('an FAQ answer opened before leaving is still open, and the accordion still works', async ({ page }) => {
  const [{ path, questions }] = faqPages as [(typeof faqPages)[number]];
  await page.goto(path);
  await page.locator('[data-faq]').hover();
  const buttons = page.locator('[data-faq] h3 > button');
  await expect(buttons).toHaveCount(questions);
  await buttons.last().click();
  await expect(buttons.last()).toHaveAttribute('aria-expanded', 'true');

  expect(await leaveAndComeBack(page, away)).toEqual({ restored: true, reasons: null });
  await expect(buttons).toHaveCount(questions);
  await expect(buttons.last()).toHaveAttribute('aria-expanded', 'true');
  await buttons.first().click();
  await expect(buttons.first()).toHaveAttribute('aria-expanded', 'true');
  await expect(buttons.last()).toHaveAttribute('aria-expanded', 'false');
});
