import { expect, test } from '@playwright/test';
import { serviceLinks } from '../site.ts';

test.describe('desktop services dropdown without JavaScript', () => {
  test('opens on hover', async ({ page }) => {
    await page.goto('/');
    const nav = page.getByRole('navigation', { name: 'Main' });
    const first = nav.getByRole('link', { name: serviceLinks[0][0] });
    await expect(first).toBeHidden();
    await nav.getByRole('link', { name: 'Services' }).hover();
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
    await nav.getByRole('link', { name: 'Services' }).focus();
    await expect(nav.getByRole('link', { name: serviceLinks[0][0] })).toBeVisible();
    await page.keyboard.press('Tab');
    await expect(nav.getByRole('link', { name: serviceLinks[0][0] })).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/services\/shopify$/);
  });
});
