import { expect, test } from '@playwright/test';
import { fillPlaceholders } from '#src/lib/shared/placeholders.ts';
import { site } from '#src/site.config.ts';
import { content } from '#support/content.ts';

test("the footer's copyright shows the visitor's current year, not the build's", async ({ page }) => {
  const visitorYear = new Date().getFullYear() + 5;
  await page.clock.setFixedTime(new Date(`${visitorYear}-03-01T12:00:00Z`));
  await page.goto('/about');
  const copyright = fillPlaceholders(content.pages.layout.footer.copyright, {
    year: String(visitorYear),
    brand: site.brand,
  });
  await expect(page.getByRole('contentinfo')).toContainText(copyright);
});
