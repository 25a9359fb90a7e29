import { expect, test } from '@playwright/test';
import { content } from '#support/content.ts';

const opacity = (locator: import('@playwright/test').Locator) =>
  locator.evaluate((element) => getComputedStyle(element).opacity);

test.describe('home page motion without JavaScript', () => {
  test('the services section is never hidden and the scroll indicator stays', async ({ page }) => {
    await page.goto('/');
    const section = page.locator('[data-fade-in]');
    const indicator = page.locator('[data-scroll-indicator]');
    await expect(indicator).toBeVisible();
    expect(await opacity(section)).toBe('1');
    await expect(section).not.toHaveAttribute('data-fade');

    const heading = section.getByRole('heading', { name: content.pages.home.services.heading });
    await heading.scrollIntoViewIfNeeded();
    await expect(heading).toBeInViewport();
    expect(await opacity(section)).toBe('1');
    await expect(section.getByRole('link', { name: content.pages.home.services.linkLabel })).toHaveCount(
      content.services.length,
    );
  });

  test('the scroll indicator links to the services section', async ({ page }) => {
    await page.goto('/');
    await page.locator('[data-scroll-indicator]').click();
    await expect(page).toHaveURL(/#what-we-do$/);
    await expect(page.getByRole('heading', { name: content.pages.home.services.heading })).toBeInViewport();
  });
});
