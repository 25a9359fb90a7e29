import { expect, test } from '@playwright/test';

test('the current page is highlighted in the header', async ({ page, isMobile }) => {
  await page.goto('/about');
  if (isMobile) await page.locator('[data-phone-menu] summary').click();
  const nav = page.getByRole('navigation', { name: isMobile ? 'Menu' : 'Main' });
  await expect(nav.getByRole('link', { name: 'About' })).toHaveAttribute('aria-current', 'page');
  await expect(nav.getByRole('link', { name: 'Contact' })).not.toHaveAttribute('aria-current', 'page');
  await expect(nav.getByRole('link', { name: 'About' })).toHaveClass(/text-accent/);
});

test('the footer marks the page’s own links, and no others', async ({ page }) => {
  for (const path of ['/about', '/privacy']) {
    await page.goto(path);
    const marked = await page
      .locator('footer a[aria-current="page"]')
      .evaluateAll((links) => links.map((link) => link.getAttribute('href')));
    expect(marked, path).toEqual([path]);
  }
});
