import { expect, test } from '@playwright/test';
import { expectStillDot } from '#support/motion.ts';
import { scrollToY } from '#support/islands.ts';
import { content } from '#support/content.ts';

test.describe('reduced motion with JavaScript', () => {
  test.beforeEach(async ({ page }) => {
    await page.emulateMedia({ reducedMotion: 'reduce' });
  });

  test('no fade: the services section is never made transparent', async ({ page }) => {
    await page.goto('/');
    const section = page.locator('[data-fade-in]');
    const opacity = () => section.evaluate((element) => getComputedStyle(element).opacity);
    // The same page without the preference has it waiting, transparent (home-motion.spec.ts).
    await expect(page.locator('[data-scroll-indicator]')).toBeVisible();
    expect(await opacity()).toBe('1');
    await expect(section).not.toHaveAttribute('data-fade');

    const heading = section.getByRole('heading', { name: content.pages.home.services.heading });
    await heading.scrollIntoViewIfNeeded();
    await expect(heading).toBeInViewport();
    expect(await opacity()).toBe('1');
    await expect(section).not.toHaveAttribute('data-fade');
  });

  test('the scroll indicator dot is still, and the indicator still hides past 35 %', async ({ page }) => {
    await page.goto('/');
    await expectStillDot(page);
    await scrollToY(page, Math.ceil(0.35 * (await page.evaluate(() => innerHeight))) + 4);
    await expect(page.locator('[data-scroll-indicator]')).toBeHidden();
  });

  test('the floating booking button appears without a transition', async ({ page }) => {
    await page.goto('/services/content');
    const button = page.locator('[data-floating-booking]');
    const durations = await button.evaluate((element) => getComputedStyle(element).transitionDuration);
    expect(durations.split(', ').every((duration) => parseFloat(duration) <= 0.00001)).toBe(true);
    await scrollToY(page, 2 * (await page.evaluate(() => innerHeight)));
    await expect(button).toBeVisible();
  });
});
