/**
 * The FAQ without JavaScript: native <details>, whose opening and closing do not depend on the
 * width, so it runs at phone size only, the visitor most likely to have no script yet.
 */
import { expect, test } from '@playwright/test';
import { faqPages } from '#support/islands.ts';

test.describe('FAQ without JavaScript', () => {
  for (const { path, questions } of faqPages) {
    test(`${path}: every answer opens, one at a time, and the open one closes`, async ({ page }) => {
      await page.goto(path);
      const items = page.locator('[data-faq] details');
      await expect(items).toHaveCount(questions);
      const answers = items.locator('p');

      for (let index = 0; index < questions; index++) {
        await expect(answers.nth(index)).toBeHidden();
        await items.nth(index).locator('summary').click();
        await expect(answers.nth(index)).toBeVisible();
        // Opening one closes the one before: one item open at a time.
        await expect(page.locator('[data-faq] details[open]')).toHaveCount(1);
      }
      await items
        .nth(questions - 1)
        .locator('summary')
        .click();
      await expect(answers.nth(questions - 1)).toBeHidden();
      await expect(page.locator('[data-faq] details[open]')).toHaveCount(0);
    });
  }

  test('works from the keyboard: Enter and Space open and close the focused question', async ({ page }) => {
    // Two questions at least, to move between them.
    await page.goto(faqPages.find(({ questions }) => questions >= 2)!.path);
    const summaries = page.locator('[data-faq] summary');
    const answers = page.locator('[data-faq] details p');
    await summaries.first().focus();
    await page.keyboard.press('Enter');
    await expect(answers.first()).toBeVisible();
    await page.keyboard.press('Tab');
    await expect(summaries.nth(1)).toBeFocused();
    await page.keyboard.press('Space');
    await expect(answers.nth(1)).toBeVisible();
    await expect(answers.first()).toBeHidden();
    await page.keyboard.press('Space');
    await expect(answers.nth(1)).toBeHidden();
  });
});
