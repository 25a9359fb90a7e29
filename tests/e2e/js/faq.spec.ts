import { expect, test, type Page } from '@playwright/test';
import { faqPages, holdScripts, reactHydrated } from '#support/islands.ts';
import { failOnPageErrors } from '#support/page-problems.ts';

const questionButtons = (page: Page) => page.locator('[data-faq] h3 > button');

/** Hydrates the FAQ the way a visitor does, by pointing at it, and waits for the ARIA version. */
async function hydrateFaq(page: Page, questions: number) {
  await page.locator('[data-faq]').hover();
  await expect(questionButtons(page)).toHaveCount(questions);
}

test.describe('FAQ accordion with JavaScript', () => {
  failOnPageErrors();

  for (const { path, questions } of faqPages) {
    test(`${path}: after hydration it is an ARIA accordion, one open at a time, the open one closes`, async ({
      page,
    }) => {
      await page.goto(path);
      await expect(page.locator('[data-faq] details')).toHaveCount(questions);
      await hydrateFaq(page, questions);
      await expect(page.locator('[data-faq] details')).toHaveCount(0);

      const buttons = questionButtons(page);
      for (let index = 0; index < questions; index++) {
        const button = buttons.nth(index);
        const answerId = await button.getAttribute('aria-controls');
        const answer = page.locator(`#${answerId}`);
        await expect(button).toHaveAttribute('aria-expanded', 'false');
        await expect(answer).toHaveAttribute('role', 'region');
        await expect(answer).toHaveAttribute('aria-labelledby', (await button.getAttribute('id')) ?? '');
        await expect(answer).toBeHidden();

        await button.click();
        await expect(button).toHaveAttribute('aria-expanded', 'true');
        await expect(answer).toBeVisible();
        await expect(page.locator('[data-faq] [aria-expanded="true"]')).toHaveCount(1);
      }

      const last = buttons.nth(questions - 1);
      await last.click();
      await expect(last).toHaveAttribute('aria-expanded', 'false');
      await expect(page.locator('[data-faq] [aria-expanded="true"]')).toHaveCount(0);
      await expect(page.locator('[data-faq] [role="region"]').filter({ visible: true })).toHaveCount(0);
    });
  }

  test('an item opened before hydration stays open after it', async ({ page, isMobile }) => {
    const { path, questions } = faqPages.at(-1)!;
    const scripts = await holdScripts(page);
    await page.goto(path);
    const opened = page.locator('[data-faq] details').last();
    if (isMobile) await opened.locator('summary').tap();
    else await opened.locator('summary').click();
    await expect(opened).toHaveAttribute('open', '');
    // The interaction asked for the island's code; it is still held back, so this is native <details>.
    await expect.poll(() => scripts.held().length).toBeGreaterThan(0);
    await expect(page.locator('[data-faq] h3 > button')).toHaveCount(0);

    scripts.release();
    const buttons = questionButtons(page);
    await expect(buttons).toHaveCount(questions);
    await expect(buttons.last()).toHaveAttribute('aria-expanded', 'true');
    await expect(page.locator(`#${await buttons.last().getAttribute('aria-controls')}`)).toBeVisible();
    await expect(page.locator('[data-faq] [aria-expanded="true"]')).toHaveCount(1);
  });

  test('a press under way when React arrives still opens its item', async ({ page }) => {
    const { path, questions } = faqPages[0]!;
    const scripts = await holdScripts(page);
    await page.goto(path);
    const pressed = page.locator('[data-faq] summary').last();
    await pressed.scrollIntoViewIfNeeded();
    const box = (await pressed.boundingBox())!;
    await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
    await page.mouse.down();
    await expect.poll(() => scripts.held().length).toBeGreaterThan(0);
    scripts.release();
    // React hydrates while the question is held down; the native control must stay under it.
    await reactHydrated(page.locator('[data-faq] details').last().locator('p'));
    await expect(pressed).toHaveCount(1);
    await page.mouse.up();
    const buttons = questionButtons(page);
    await expect(buttons).toHaveCount(questions);
    await expect(buttons.last()).toHaveAttribute('aria-expanded', 'true');
  });

  test('keyboard only: focus survives hydration; Enter and Space toggle, one open at a time', async ({
    page,
  }) => {
    // Two questions at least, to move between them.
    const { path, questions } = faqPages.find((faq) => faq.questions >= 2)!;
    await page.goto(path);
    // Focusing the first question is the interaction that hydrates the island.
    await page.locator('[data-faq] summary').first().focus();
    const buttons = questionButtons(page);
    await expect(buttons).toHaveCount(questions);
    await expect(buttons.first()).toBeFocused();

    await page.keyboard.press('Enter');
    await expect(buttons.first()).toHaveAttribute('aria-expanded', 'true');
    await page.keyboard.press('Tab');
    await expect(buttons.nth(1)).toBeFocused();
    await page.keyboard.press('Space');
    await expect(buttons.nth(1)).toHaveAttribute('aria-expanded', 'true');
    await expect(buttons.first()).toHaveAttribute('aria-expanded', 'false');
    await page.keyboard.press('Space');
    await expect(buttons.nth(1)).toHaveAttribute('aria-expanded', 'false');
    await page.keyboard.press('Shift+Tab');
    await expect(buttons.first()).toBeFocused();
  });
});
