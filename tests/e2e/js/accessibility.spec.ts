/**
 * Open states have no WCAG 2.2 AA violation either (every page as it loads is checked in
 * every-page.spec.ts): axe, and the checks axe cannot make (tests/support/wcag/beyond-axe.ts).
 * The form showing its errors is checked in contact.spec.ts, the cookie banner in
 * analytics.desktop.spec.ts.
 */
import { expect, test } from '@playwright/test';
import { expectNoAxeViolations } from '#support/axe.ts';
import { content } from '#support/content.ts';
import { openPhoneMenu } from '#support/islands.ts';
import { focusProblems, tabWalk } from '#support/wcag/focus.ts';
import { expectForcedColours, expectOpenStateWcag } from '#support/wcag/beyond-axe.ts';

test('the open menu or dropdown and an open FAQ answer have no violations', async ({ page, isMobile }) => {
  await page.goto('/services');
  if (isMobile) {
    // A tap hydrates the menu island and opens it.
    await openPhoneMenu(page);
    await expectNoAxeViolations(page, 'the open phone menu');
    await expectOpenStateWcag(page, 'the open phone menu');
    await page.keyboard.press('Escape');
  } else {
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Services' }).hover();
    await expect(
      page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: content.serviceLinks[1]![0] }),
    ).toBeVisible();
    await expectNoAxeViolations(page, 'the open services dropdown');
    await expectOpenStateWcag(page, 'the open services dropdown');
  }
  await page.locator('[data-faq]').hover();
  const question = page.locator('[data-faq] h3 > button').first();
  await question.click();
  await expect(question).toHaveAttribute('aria-expanded', 'true');
  await expectNoAxeViolations(page, 'an open FAQ answer');
  await expectOpenStateWcag(page, 'an open FAQ answer');
  // The hydrated page, with an answer open, walked with the keyboard, then in forced colours:
  // the FAQ's question buttons (the island's, not the native <summary>) keep a boundary and outline.
  expect(focusProblems(await tabWalk(page))).toEqual([]);
  await expect(question).toHaveAttribute('aria-expanded', 'true');
  await expectForcedColours(page, 'the hydrated FAQ with an answer open');
});
