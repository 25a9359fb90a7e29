/**
 * The accessibility statement at /accessibility, in the GOV.UK model's shape, checked against its
 * own content file: every section the editor wrote, and each fact its front matter holds (the
 * standard, the compliance status, the reply time, the test, preparation and review dates) shown
 * in words, with the ways to report a problem (email and the contact form). It is in the sitemap
 * (routes.once.spec.ts checks every indexable route and its footer link).
 */
import { expect, test } from '@playwright/test';
import { accessibilityStatement, site } from '#support/site.ts';
import { sitemapPaths } from '#support/pages.ts';
import { timeElement } from '#src/lib/shared/dates.ts';

const { data, body } = accessibilityStatement();
const day = (value: unknown) =>
  timeElement(new Date(String(value instanceof Date ? value.toISOString() : value)), site.locale);

test('the accessibility statement shows every section and fact of its content file', async ({ page }) => {
  expect(sitemapPaths()).toContain('/accessibility');
  const response = await page.goto('/accessibility');
  expect(response?.status()).toBe(200);
  const main = page.locator('main');
  await expect(main.locator('h1')).toHaveText(data.title);

  for (const [, level, heading] of body.matchAll(/^(#{2,3}) (.+)$/gm))
    await expect(main.getByRole('heading', { level: level!.length, name: heading! })).toHaveCount(1);

  const text = (await main.innerText()).replace(/\s+/g, ' ');
  expect(text).toContain(String(data.standard));
  expect(text).toContain(`${String(data.compliance)} compliant`);
  expect(text).toContain(`${String(data.replyDays)} working days`);
  for (const date of ['tested', 'prepared', 'reviewed']) {
    const { datetime, text: words } = day(data[date]);
    expect(text, date).toContain(words);
    await expect(main.locator(`time[datetime="${datetime}"]`).first(), date).toHaveText(words);
  }
  expect(text).not.toMatch(/\{\w+\}/);

  await expect(main.locator(`a[href="mailto:${site.email}"]`).first()).toBeVisible();
  await expect(main.locator('a[href="/contact"]').first()).toBeVisible();
});
