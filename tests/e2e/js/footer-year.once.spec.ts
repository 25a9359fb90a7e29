import { expect, test } from '@playwright/test';
import { site } from '../../../src/site.config.ts';

test("the footer's copyright shows the visitor's current year, not the build's", async ({ page }) => {
  const visitorYear = new Date().getFullYear() + 5;
  await page.clock.setFixedTime(new Date(`${visitorYear}-03-01T12:00:00Z`));
  await page.goto('/about');
  await expect(page.getByRole('contentinfo')).toContainText(`© ${visitorYear} ${site.brand}`);
});
