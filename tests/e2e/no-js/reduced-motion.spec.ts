import { expect, test } from '@playwright/test';
import { expectStillDot } from '#support/motion.ts';

test.describe('reduced motion without JavaScript', () => {
  test('the scroll indicator dot is still; without the preference it bounces', async ({ page }) => {
    await page.emulateMedia({ reducedMotion: 'reduce' });
    await page.goto('/');
    await expectStillDot(page);

    await page.emulateMedia({ reducedMotion: 'no-preference' });
    const dot = page.locator('[data-scroll-indicator] [data-scroll-dot]');
    expect(await dot.evaluate((element) => getComputedStyle(element).animationName)).toBe('bounce');
  });
});
