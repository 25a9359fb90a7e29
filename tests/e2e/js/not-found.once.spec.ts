import { expect, test } from '@playwright/test';
import { content } from '#support/content.ts';

test('the 404 page logs the missing path to the console', async ({ page }) => {
  const warnings: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'warning') warnings.push(message.text());
  });
  const response = await page.goto('/no-such-page?from=test');
  expect(response?.status()).toBe(404);
  await expect(page.locator('h1')).toHaveText(content.pages.notFound.heading);
  await expect.poll(() => warnings).toContain('Page not found: /no-such-page?from=test');
});
