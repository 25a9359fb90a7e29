/**
 * Forced colours (Windows high contrast, 1.4.11 and 2.4.7 there): the browser replaces the site's
 * colours and drops backgrounds and box shadows, so a control drawn only by its background and a
 * focus ring drawn only by a shadow disappear. While emulated, every control shown must keep a
 * boundary (a border, or the browser's own drawing of a native control), and every element that
 * takes focus must show an outline when focused from the keyboard.
 */
import type { Page } from '@playwright/test';

export async function forcedColourProblems(page: Page): Promise<string[]> {
  await page.emulateMedia({ forcedColors: 'active' });
  // Focus from the keyboard first, so that focusing from script below shows :focus-visible.
  await page.keyboard.press('Tab');
  return page.evaluate(() => {
    const name = (element: Element) =>
      `<${element.localName}> "${(element.getAttribute('aria-label') ?? element.textContent ?? '').replace(/\s+/g, ' ').trim().slice(0, 40)}"`;
    const shown = (element: Element) =>
      element.checkVisibility({ visibilityProperty: true, opacityProperty: true }) &&
      element.getBoundingClientRect().width > 1;
    const hasBorder = (style: CSSStyleDeclaration) =>
      (['Top', 'Right', 'Bottom', 'Left'] as const).some(
        (side) =>
          style.getPropertyValue(`border-${side.toLowerCase()}-style`) !== 'none' &&
          parseFloat(style.getPropertyValue(`border-${side.toLowerCase()}-width`)) >= 1,
      );
    const problems: string[] = [];

    // Controls: buttons, fields and links drawn as buttons (a box of their own, not a line of text).
    const controls = [
      ...document.querySelectorAll('button, input:not([type="hidden"]), select, textarea, a[href], summary'),
    ]
      .filter(shown)
      .filter((element) => {
        if (element.localName !== 'a' && element.localName !== 'summary') return true;
        // A link or summary is drawn as a button when it has a filled or bordered box of its own.
        return element.matches('.btn, .btn-primary, .btn-secondary, .btn-inverse');
      });
    // Check boxes and radio buttons are drawn by the browser itself, in the system's colours.
    const native = 'input[type="checkbox"], input[type="radio"], input[type="range"], input[type="file"]';
    for (const control of controls.filter((element) => !element.matches(native)))
      if (!hasBorder(getComputedStyle(control)))
        problems.push(`${name(control)} has no boundary in forced colours`);

    // Focus indicators: an outline, which forced colours keep (shadows are dropped).
    const focusable = [
      ...document.querySelectorAll<HTMLElement>(
        'a[href], button, input, select, textarea, summary, [tabindex]',
      ),
    ].filter((element) => element.tabIndex >= 0 && shown(element));
    for (const element of focusable) {
      element.focus({ preventScroll: true });
      if (document.activeElement !== element) continue;
      const style = getComputedStyle(element);
      if (style.outlineStyle === 'none' || parseFloat(style.outlineWidth) < 1)
        problems.push(`${name(element)} shows no focus outline in forced colours`);
    }
    (document.activeElement as HTMLElement | null)?.blur();
    return problems;
  });
}
