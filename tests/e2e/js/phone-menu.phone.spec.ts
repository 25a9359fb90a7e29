import { expect, test } from '@playwright/test';
import { holdScripts, openPhoneMenu, phoneMenu, phoneMenuToggle, reactHydrated } from '#support/islands.ts';
import { failOnPageErrors } from '#support/page-problems.ts';
import { content } from '#support/content.ts';
import { phoneMenuPanelId } from '#src/lib/shared/phone-menu.ts';

test.describe('phone menu with JavaScript', () => {
  failOnPageErrors();

  test('after hydration the toggle is a button with aria-expanded and aria-controls', async ({ page }) => {
    await page.goto('/');
    await openPhoneMenu(page);
    await expect(page.locator('[data-phone-menu] details')).toHaveCount(0);
    await expect(phoneMenuToggle(page)).toHaveAccessibleName(content.pages.layout.menuLabel);
    await expect(page.locator(`#${phoneMenuPanelId}`)).toBeVisible();

    await phoneMenuToggle(page).tap();
    await expect(phoneMenuToggle(page)).toHaveAttribute('aria-expanded', 'false');
    await expect(phoneMenu(page)).toBeHidden();
    await phoneMenuToggle(page).tap();
    await expect(phoneMenuToggle(page)).toHaveAttribute('aria-expanded', 'true');
    await expect(phoneMenu(page)).toBeVisible();
  });

  test('a menu opened before hydration stays open after it', async ({ page }) => {
    const scripts = await holdScripts(page);
    await page.goto('/about');
    await page.locator('[data-phone-menu] summary').tap();
    await expect(phoneMenu(page)).toBeVisible();
    await expect.poll(() => scripts.held().length).toBeGreaterThan(0);
    await expect(phoneMenuToggle(page)).toHaveCount(0);

    scripts.release();
    await expect(phoneMenuToggle(page)).toHaveAttribute('aria-expanded', 'true');
    await expect(phoneMenu(page)).toBeVisible();
    await expect(phoneMenu(page).getByRole('link', { name: 'About' })).toHaveAttribute(
      'aria-current',
      'page',
    );
  });

  test('React keeps the open menu’s links when it takes over, so a link pressed during the switch still follows', async ({
    page,
  }) => {
    const scripts = await holdScripts(page);
    await page.goto('/about');
    await page.locator('[data-phone-menu] summary').tap();
    const link = phoneMenu(page).locator('ul a:not([aria-current])').first();
    await expect(link).toBeVisible();
    const before = await link.elementHandle();
    const href = await link.getAttribute('href');
    await expect.poll(() => scripts.held().length).toBeGreaterThan(0);

    scripts.release();
    await expect(phoneMenuToggle(page)).toHaveAttribute('aria-expanded', 'true');
    // The very node the finger was on: a press begun before the switch ends on it, and clicks.
    expect(await before!.evaluate((node) => node.isConnected)).toBe(true);
    await before!.tap();
    await expect(page).toHaveURL(new RegExp(`${href}$`));
  });

  test('a press under way when React arrives still opens the menu', async ({ page }) => {
    const scripts = await holdScripts(page);
    await page.goto('/blog');
    const summary = page.locator('[data-phone-menu] summary');
    const box = (await summary.boundingBox())!;
    await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
    await page.mouse.down();
    await expect.poll(() => scripts.held().length).toBeGreaterThan(0);
    scripts.release();
    // React hydrates while the button is held down; the native toggle must stay under it.
    await reactHydrated(page.locator('[data-phone-menu] a[data-booking]'));
    await expect(summary).toHaveCount(1);
    await page.mouse.up();
    await expect(phoneMenuToggle(page)).toHaveAttribute('aria-expanded', 'true');
    await expect(phoneMenu(page)).toBeVisible();
  });

  test('choosing a link closes it', async ({ page }) => {
    await page.goto('/services');
    await openPhoneMenu(page);
    // The booking link opens a new tab, so this page stays and shows the menu closed.
    const popup = page.waitForEvent('popup');
    await phoneMenu(page).locator('a[data-booking="navigation_mobile"]').tap();
    await (await popup).close();
    await expect(phoneMenuToggle(page)).toHaveAttribute('aria-expanded', 'false');
    await expect(phoneMenu(page)).toBeHidden();

    await phoneMenuToggle(page).tap();
    await phoneMenu(page).getByRole('link', { name: 'Contact', exact: true }).tap();
    await expect(page).toHaveURL(/\/contact$/);
    await expect(page.locator('h1')).toHaveText(content.pages.contact.heading);
  });

  test('a tap outside closes it', async ({ page }) => {
    await page.goto('/');
    await openPhoneMenu(page);
    // Below the panel, on the hero.
    await page.touchscreen.tap(20, (await page.evaluate(() => innerHeight)) - 20);
    await expect(phoneMenuToggle(page)).toHaveAttribute('aria-expanded', 'false');
    await expect(phoneMenu(page)).toBeHidden();
  });

  test('keyboard only: Tab reaches the toggle, Enter and Space toggle, Escape closes and returns focus', async ({
    page,
  }) => {
    await page.goto('/');
    // Skip link, logo, then the menu toggle: the desktop links are not displayed at this size.
    for (let step = 0; step < 3; step++) await page.keyboard.press('Tab');
    // Focus arrived on the native summary, asked for hydration, and moved onto the button it became.
    await expect(phoneMenuToggle(page)).toBeFocused();

    await page.keyboard.press('Enter');
    await expect(phoneMenuToggle(page)).toHaveAttribute('aria-expanded', 'true');
    await page.keyboard.press('Tab');
    await expect(phoneMenu(page).getByRole('link', { name: 'Home' })).toBeFocused();
    await page.keyboard.press('Tab');
    await expect(phoneMenu(page).getByRole('link', { name: 'Services', exact: true })).toBeFocused();

    await page.keyboard.press('Escape');
    await expect(phoneMenuToggle(page)).toHaveAttribute('aria-expanded', 'false');
    await expect(phoneMenu(page)).toBeHidden();
    await expect(phoneMenuToggle(page)).toBeFocused();

    await page.keyboard.press('Space');
    await expect(phoneMenuToggle(page)).toHaveAttribute('aria-expanded', 'true');
    await page.keyboard.press('Space');
    await expect(phoneMenuToggle(page)).toHaveAttribute('aria-expanded', 'false');
  });

  test('focus moving past the last item closes it', async ({ page }) => {
    await page.goto('/');
    await openPhoneMenu(page);
    const book = phoneMenu(page).locator('a[data-booking="navigation_mobile"]');
    await book.focus();
    await page.keyboard.press('Tab');
    await expect(phoneMenuToggle(page)).toHaveAttribute('aria-expanded', 'false');
    await expect(phoneMenu(page)).toBeHidden();
  });
});
