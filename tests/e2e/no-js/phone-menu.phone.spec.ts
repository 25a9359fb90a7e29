import { expect, test } from '@playwright/test';
import { serviceLinks, site } from '#support/site.ts';
import { content } from '#support/content.ts';
import { phoneMenuPanelId } from '#src/lib/shared/phone-menu.ts';

test.describe('phone menu without JavaScript', () => {
  test('opens natively and every link in it works', async ({ page }) => {
    await page.goto('/');
    const menu = page.getByRole('navigation', { name: 'Menu' });
    await expect(menu).toBeHidden();
    await expect(page.getByRole('navigation', { name: 'Main' })).toBeHidden();

    await page.locator('[data-phone-menu] summary').click();
    await expect(menu).toBeVisible();
    for (const [name, href] of [
      ['Home', '/'],
      ['Services', '/services'],
      ...serviceLinks,
      ['About', '/about'],
      ['Contact', '/contact'],
    ]) {
      await expect(menu.getByRole('link', { name, exact: true })).toHaveAttribute('href', href);
    }
    const book = menu.locator('a[data-booking="navigation_mobile"]');
    await expect(book).toBeVisible();
    await expect(book).toHaveAttribute('href', site.bookingUrl);

    await menu.getByRole('link', { name: 'Contact', exact: true }).click();
    await expect(page).toHaveURL(/\/contact$/);
    await expect(page.locator('h1')).toHaveText(content.pages.contact.heading);
    await expect(page.getByRole('navigation', { name: 'Menu' })).toBeHidden();
  });

  test('keeps the closed panel laid out but hidden, so opening it needs no layout', async ({ page }) => {
    await page.goto('/');
    const panel = page.locator(`#${phoneMenuPanelId}`);
    await expect(panel).toBeHidden();
    await expect(panel.getByRole('link')).toHaveCount(0);
    // Invisible, not undisplayed: its box is there before the tap (docs/performance.md, "First taps").
    const box = await panel.evaluate((element) => element.getBoundingClientRect().height);
    expect(box).toBeGreaterThan(0);
    // Nothing hidden can be reached: the first Tab after the toggle leaves the header.
    await page.locator('[data-phone-menu] summary').focus();
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.activeElement?.closest(`[data-phone-menu]`) === null)).toBe(
      true,
    );
  });

  test('closes again from its toggle', async ({ page }) => {
    await page.goto('/about');
    const toggle = page.locator('[data-phone-menu] summary');
    await toggle.click();
    await expect(page.getByRole('navigation', { name: 'Menu' })).toBeVisible();
    await toggle.click();
    await expect(page.getByRole('navigation', { name: 'Menu' })).toBeHidden();
  });

  test('works from the keyboard: Tab, Enter and Space', async ({ page }) => {
    await page.goto('/');
    const toggle = page.locator('[data-phone-menu] summary');
    const menu = page.getByRole('navigation', { name: 'Menu' });
    // Skip link, logo, toggle: at this size the desktop links are not shown.
    for (let step = 0; step < 3; step++) await page.keyboard.press('Tab');
    await expect(toggle).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(menu).toBeVisible();
    await page.keyboard.press('Space');
    await expect(menu).toBeHidden();
    await page.keyboard.press('Space');
    await expect(menu).toBeVisible();
    await page.keyboard.press('Tab');
    await expect(menu.getByRole('link', { name: 'Home' })).toBeFocused();
    await page.keyboard.press('Tab');
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/services$/);
  });
});
