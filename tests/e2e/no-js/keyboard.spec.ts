/**
 * A keyboard-only walk over every page: the skip link comes first and works, every stop shows a
 * visible focus ring, nothing focused hides under the sticky header (WCAG 2.4.11), and every
 * control outside running text is at least 24×24 px (WCAG 2.5.8).
 */
import { expect, test, type Page } from '@playwright/test';
import { sweepPages } from '../../support/pages.ts';

interface Stop {
  label: string;
  outline: string;
  top: number;
  bottom: number;
  inHeader: boolean;
  visible: boolean;
}

const describeFocus = (page: Page) =>
  page.evaluate((): Stop | null => {
    const element = document.activeElement as HTMLElement | null;
    if (!element || element === document.body) return null;
    const style = getComputedStyle(element);
    const rect = element.getBoundingClientRect();
    return {
      label: `${element.tagName.toLowerCase()} "${(element.textContent ?? '').trim().slice(0, 40)}"`,
      outline: `${style.outlineStyle} ${style.outlineWidth}`,
      top: rect.top,
      bottom: rect.bottom,
      inHeader: Boolean(element.closest('header')),
      visible: rect.width > 0 && rect.height > 0,
    };
  });

/** The controls outside running text smaller than 24×24 px (WCAG 2.5.8). */
const smallControls = (page: Page) =>
  page.evaluate(() =>
    [...document.querySelectorAll<HTMLElement>('a[href], button, summary, input, select, textarea')]
      .filter((element) => {
        const rect = element.getBoundingClientRect();
        if (rect.width === 0 || rect.height === 0) return false; // not rendered (closed menu)
        if (element.closest('.sr-only, [aria-hidden="true"]')) return false;
        // Links inside a sentence are exempt from the target size rule.
        if (element.tagName === 'A' && element.closest('p, .prose-legal li')) return false;
        return rect.width < 24 || rect.height < 24;
      })
      .map(
        (element) => `${element.tagName.toLowerCase()} "${(element.textContent ?? '').trim().slice(0, 30)}"`,
      ),
  );

for (const { path } of sweepPages) {
  test(`${path} can be walked with the keyboard alone, and its controls are at least 24×24 px`, async ({
    page,
  }) => {
    await page.goto(path);
    expect(await smallControls(page), 'controls under 24×24 px').toEqual([]);

    await page.keyboard.press('Tab');
    const skip = page.locator(':focus');
    await expect(skip).toHaveAttribute('href', '#main');
    await expect(skip).toBeVisible();
    await page.keyboard.press('Enter');
    await expect(page.locator('#main')).toBeFocused();

    const headerBottom = await page
      .locator('header')
      .first()
      .evaluate((header) => header.getBoundingClientRect().bottom);
    const problems: string[] = [];
    for (let stop = 0; stop < 40; stop += 1) {
      await page.keyboard.press('Tab');
      const focus = await describeFocus(page);
      if (!focus) break;
      if (!focus.visible) continue; // e.g. a link inside a closed disclosure is skipped by the browser anyway
      if (focus.outline.startsWith('none') || focus.outline.endsWith(' 0px'))
        problems.push(`${focus.label}: no focus ring`);
      if (!focus.inHeader && focus.top < headerBottom - 1)
        problems.push(`${focus.label}: hidden under the header`);
    }
    expect(problems).toEqual([]);
  });
}
