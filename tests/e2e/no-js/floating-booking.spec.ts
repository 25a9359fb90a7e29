import { expect, test } from '#support/sweep-page.ts';
import { site } from '#support/site.ts';
import { content } from '#support/content.ts';
import { floatingBookingPages } from '#support/islands.ts';

test.describe('floating booking button without JavaScript', () => {
  for (const { path, placement } of floatingBookingPages) {
    test(`${path}: always shown, opens the booking page in a new tab, labelled ${placement}`, async ({
      page,
    }) => {
      await page.goto(path);
      const button = page.locator('[data-floating-booking]');
      await expect(button).toHaveCount(1);
      await expect(button).toBeVisible();
      await expect(button).toHaveAttribute('data-booking', placement);
      await expect(button).toHaveAttribute('href', site.bookingUrl);
      await expect(button).toHaveAttribute('target', '_blank');
      await expect(button).toContainText(
        content.services.find((service) => service.route === path)?.floatingLabel,
      );

      await page.mouse.wheel(0, 3000);
      await expect.poll(() => page.evaluate(() => scrollY)).toBeGreaterThan(1000);
      await expect(button).toBeVisible();
      await expect(button).toBeInViewport();
    });
  }

  test('is on the service pages only', async ({ page }) => {
    for (const path of ['/', '/services', '/about', '/contact']) {
      await page.goto(path);
      await expect(page.locator('[data-floating-booking]')).toHaveCount(0);
    }
  });
});
