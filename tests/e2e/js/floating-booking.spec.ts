import { readFileSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import { parse } from 'yaml';
import { spokenPhrases } from '#support/screen-reader.ts';
import { site } from '#support/site.ts';
import { floatingBookingPages, recordScripts, scrollToY } from '#support/islands.ts';
import { stubNetwork } from '#support/network.ts';

// Just under and just over the threshold: one viewport height (spec §9).
const margin = 4;

test.describe('floating booking button with JavaScript', () => {
  for (const { path, placement } of floatingBookingPages) {
    test(`${path}: hidden until scrolling exceeds one viewport height, hidden again above it`, async ({
      page,
    }) => {
      const scripts = recordScripts(page);
      await page.goto(path);
      const button = page.locator('[data-floating-booking]');
      const viewport = await page.evaluate(() => innerHeight);
      await expect(button).toHaveAttribute('data-booking', placement);
      await expect(button).toHaveAttribute('href', site.bookingUrl);
      await expect(button).toBeHidden();

      await scrollToY(page, viewport - margin);
      await expect(button).toHaveAttribute('data-shown', 'false');
      await expect(button).toBeHidden();

      await scrollToY(page, viewport + margin);
      await expect(button).toHaveAttribute('data-shown', 'true');
      await expect(button).toBeVisible();
      await expect(button).toBeInViewport();

      await scrollToY(page, viewport * 3);
      await expect(button).toBeVisible();

      await scrollToY(page, viewport - margin);
      await expect(button).toHaveAttribute('data-shown', 'false');
      await expect(button).toBeHidden();

      // Showing it needs no island: React never loads for it.
      expect(scripts.urls()).toEqual([]);
    });
  }

  test('opens the booking page in a new tab and is reachable by keyboard once shown', async ({ page }) => {
    // The scheduling page is external: a stand-in answers for it.
    await stubNetwork(page.context());
    await page.goto('/services/shopify');
    const button = page.locator('[data-floating-booking]');
    await scrollToY(page, 2 * (await page.evaluate(() => innerHeight)));
    await expect(button).toBeVisible();
    // A screen reader names it with its label and says that it opens a new tab.
    const { floatingLabel } = parse(readFileSync('src/content/services/shopify.yaml', 'utf8'));
    const { newTabHint } = parse(readFileSync('src/content/pages/layout.yaml', 'utf8'));
    expect(await spokenPhrases(await button.evaluate((link) => link.outerHTML))).toContain(
      `link, ${floatingLabel}${newTabHint}`,
    );
    await button.focus();
    await expect(button).toBeFocused();
    const popup = page.waitForEvent('popup');
    await page.keyboard.press('Enter');
    const opened = await popup;
    expect(opened.url()).toBe(site.bookingUrl);
    await opened.close();
  });
});
