import { expect, test, type Page } from '@playwright/test';
import { serviceLinks } from '#support/site.ts';
import { recordScripts } from '#support/islands.ts';
import { pageSettled } from '#support/settled.ts';

const nav = (page: Page) => page.getByRole('navigation', { name: 'Main' });
const toggle = (page: Page) => nav(page).locator('summary[aria-controls="services-menu"]');
const firstService = (page: Page) => nav(page).getByRole('link', { name: serviceLinks[0][0] });

test.describe('desktop services dropdown with JavaScript', () => {
  test('opens on hover and closes when the pointer leaves', async ({ page }) => {
    await page.goto('/');
    await expect(firstService(page)).toBeHidden();
    await nav(page).getByRole('link', { name: 'Services', exact: true }).hover();
    for (const [name, href] of serviceLinks) {
      await expect(nav(page).getByRole('link', { name })).toBeVisible();
      await expect(nav(page).getByRole('link', { name })).toHaveAttribute('href', href);
    }
    await page.mouse.move(1200, 700);
    await expect(firstService(page)).toBeHidden();
  });

  test('opens on click of its toggle and closes on a second click, even under the pointer', async ({
    page,
  }) => {
    await page.goto('/about');
    await expect(toggle(page)).toHaveAccessibleName('Services menu');
    await toggle(page).click();
    await expect(firstService(page)).toBeVisible();
    await toggle(page).click();
    await expect(firstService(page)).toBeHidden();
    // Once the pointer and focus have left, hovering opens it again.
    await page.locator('h1').click();
    await nav(page).getByRole('link', { name: 'Services', exact: true }).hover();
    await expect(firstService(page)).toBeVisible();
  });

  test('Escape closes it while the pointer still rests on it', async ({ page }) => {
    await page.goto('/');
    await nav(page).getByRole('link', { name: 'Services', exact: true }).hover();
    await expect(firstService(page)).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(firstService(page)).toBeHidden();
  });

  test('keyboard only: focus opens it, Enter toggles it, Escape closes it and returns focus', async ({
    page,
  }) => {
    await page.goto('/');
    // Skip link, logo, Home, then Services: keyboard focus opens the dropdown.
    for (let step = 0; step < 4; step++) await page.keyboard.press('Tab');
    await expect(nav(page).getByRole('link', { name: 'Services', exact: true })).toBeFocused();
    await expect(firstService(page)).toBeVisible();
    await page.keyboard.press('Tab');
    await expect(toggle(page)).toBeFocused();
    await page.keyboard.press('Tab');
    await expect(firstService(page)).toBeFocused();

    await page.keyboard.press('Escape');
    await expect(firstService(page)).toBeHidden();
    await expect(toggle(page)).toBeFocused();

    await page.keyboard.press('Enter');
    await expect(firstService(page)).toBeVisible();
    await page.keyboard.press('Enter');
    await expect(firstService(page)).toBeHidden();
    await page.keyboard.press('Space');
    await expect(firstService(page)).toBeVisible();
    await page.keyboard.press('Tab');
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/services\/shopify$/);
  });

  test('needs no JavaScript file: its script is inline and tiny', async ({ page }) => {
    const scripts = recordScripts(page);
    await page.goto('/');
    await nav(page).getByRole('link', { name: 'Services', exact: true }).hover();
    await expect(firstService(page)).toBeVisible();
    await toggle(page).click();
    await page.keyboard.press('Escape');
    await expect(firstService(page)).toBeHidden();
    await pageSettled(page);
    expect(scripts.urls()).toEqual([]);
  });
});
