/**
 * The WCAG 2.2 AA checks axe cannot make that need no keyboard, grouped to run on one page load:
 * reduced motion, and no content lost as loaded, with WCAG's text spacing (1.4.12) and with 200 %
 * text (1.4.4); at phone size also at 320 px (reflow, 1.4.10), with and without the text spacing;
 * and, when asked, IBM Equal Access's WCAG 2.2 policy. Each failure is reported (soft) and the rest
 * still run; the page is left as it was found (size, media, styles). The keyboard's checks (focus,
 * target size, forced colours) are `expectKeyboardWcag`.
 */
import { expect, type Page } from '@playwright/test';
import { focusProblems, tabWalk } from './focus.ts';
import { forcedColourProblems } from './forced-colors.ts';
import { ibmViolations } from './ibm.ts';
import { largeTextCss, layoutProblems, setUserStyle, textSpacingCss } from './layout.ts';
import { motionProblems } from './motion.ts';
import { targetSizeProblems } from './target-size.ts';

/** The narrowest width WCAG's reflow asks for (1.4.10). */
export const reflowWidth = 320;

const checker = (context: string) => async (what: string, problems: Promise<string[]>) =>
  expect.soft(await problems, `${what} on ${context}`).toEqual([]);

export async function expectWcagBeyondAxe(page: Page, context: string, { ibm }: { ibm: boolean }) {
  const check = checker(context);

  if (ibm) await check('IBM Equal Access (WCAG 2.2)', ibmViolations(page));
  await check('reduced motion', motionProblems(page));
  await page.emulateMedia({ reducedMotion: null });

  await check('content lost', layoutProblems(page));
  await setUserStyle(page, textSpacingCss);
  await check('text spacing', layoutProblems(page));
  await setUserStyle(page, largeTextCss);
  await check('200 % text', layoutProblems(page));

  const viewport = page.viewportSize();
  if (viewport && viewport.width > reflowWidth && viewport.width < 768) {
    await page.setViewportSize({ width: reflowWidth, height: viewport.height });
    await setUserStyle(page, '');
    await check(`reflow at ${reflowWidth} px`, layoutProblems(page));
    await setUserStyle(page, textSpacingCss);
    await check(`text spacing at ${reflowWidth} px`, layoutProblems(page));
    await page.setViewportSize(viewport);
  }
  await setUserStyle(page, '');
}

/**
 * The checks that move focus, for a page whose islands have not loaded (focus would hydrate them):
 * target size (2.5.8); a keyboard walk from the top of the page to its end, every stop showing its
 * focus (2.4.7) and entirely hidden by no sticky or fixed element (2.4.11); and, in forced
 * colours, every control keeping its boundary and every focus its outline. Returns the walk's stops.
 */
export async function expectKeyboardWcag(page: Page, context: string) {
  const check = checker(context);
  await check('target size', targetSizeProblems(page));
  const stops = await tabWalk(page);
  expect.soft(focusProblems(stops), `focus on ${context}`).toEqual([]);
  await expectForcedColours(page, context);
  return stops;
}

/**
 * In forced colours, every control shown keeps its boundary and every focus its outline; the page's
 * colours are restored after. Moves focus, so on a page whose islands should stay unloaded call it
 * through `expectKeyboardWcag`; on a hydrated page (an island open) call it directly, to cover the
 * island's own controls.
 */
export async function expectForcedColours(page: Page, context: string) {
  await checker(context)('forced colours', forcedColourProblems(page));
  await page.emulateMedia({ forcedColors: null });
}

/**
 * An island's open state (menu, FAQ answer, form errors, cookie banner), without moving focus:
 * target size, then everything `expectWcagBeyondAxe` checks but IBM's engine.
 */
export async function expectOpenStateWcag(page: Page, context: string) {
  await checker(context)('target size', targetSizeProblems(page));
  await expectWcagBeyondAxe(page, context, { ibm: false });
}
