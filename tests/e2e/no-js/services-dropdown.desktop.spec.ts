import { expect, test } from '@playwright/test';
import { serviceLinks } from '#support/site.ts';

test.describe('desktop services dropdown without JavaScript', () => {
  test('opens on hover', async ({ page }) => {
    await page.goto('/');
    const nav = page.getByRole('navigation', { name: 'Main' });
    const first = nav.getByRole('link', { name: serviceLinks[0][0] });
    await expect(first).toBeHidden();
    await nav.getByRole('link', { name: 'Services', exact: true }).hover();
    for (const [name, href] of serviceLinks) {
      await expect(nav.getByRole('link', { name })).toBeVisible();
      await expect(nav.getByRole('link', { name })).toHaveAttribute('href', href);
    }
    await nav.getByRole('link', { name: serviceLinks[1][0] }).click();
    await expect(page).toHaveURL(/\/services\/content$/);
  });

  test('opens on keyboard focus and its links are reachable with Tab', async ({ page }) => {
    await page.goto('/');
    const nav = page.getByRole('navigation', { name: 'Main' });
    // Skip link, logo, Home, then Services.
    for (let step = 0; step < 4; step++) await page.keyboard.press('Tab');
    await expect(nav.getByRole('link', { name: 'Services', exact: true })).toBeFocused();
    await expect(nav.getByRole('link', { name: serviceLinks[0][0] })).toBeVisible();
    await page.keyboard.press('Tab');
    await expect(nav.locator('summary[aria-controls="services-menu"]')).toBeFocused();
    await page.keyboard.press('Tab');
    await expect(nav.getByRole('link', { name: serviceLinks[0][0] })).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/services\/shopify$/);
  });

  test('opens on click or Enter on its toggle', async ({ page }) => {
    await page.goto('/about');
    const nav = page.getByRole('navigation', { name: 'Main' });
    const toggle = nav.locator('summary[aria-controls="services-menu"]');
    await expect(toggle).toHaveAccessibleName('Services menu');
    await toggle.click();
    await expect(nav.locator('details')).toHaveAttribute('open', '');
    // Moving the pointer away leaves it open: the toggle, not hover, holds it now.
    await page.mouse.move(1200, 700);
    await expect(nav.getByRole('link', { name: serviceLinks[2][0] })).toBeVisible();
    await nav.getByRole('link', { name: serviceLinks[2][0] }).click();
    await expect(page).toHaveURL(/\/services\/admin-appointment$/);

    const next = page.getByRole('navigation', { name: 'Main' });
    await next.locator('summary[aria-controls="services-menu"]').focus();
    await page.keyboard.press('Enter');
    await expect(next.locator('details')).toHaveAttribute('open', '');
    await expect(next.getByRole('link', { name: serviceLinks[0][0] })).toBeVisible();
  });
});
