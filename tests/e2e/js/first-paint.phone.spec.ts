/**
 * What the first paint waits for, and what it leaves for later (docs/performance.md, "Main-thread
 * work on load"), on every page at phone size:
 * - the first paint is held until the page's introduction is parsed (`<link rel="expect">`), and
 *   that introduction is the first thing in `<main>`, on screen: a page without it would not paint
 *   until its last byte was parsed, and one with it further down would hold the paint for more;
 * - every section after the first (but the scheduling frame's and those holding an island), and the footer, costs no style or layout while it is far below
 *   the screen (`content-visibility: auto`), and is drawn once the reader scrolls to it.
 */
import { expect, test } from '@playwright/test';
import { pageIntroId } from '#src/lib/shared/page-layout.ts';
import { scrollToY } from '#support/islands.ts';
import { sweepPages } from '#support/pages.ts';

const deferred = 'main > section:not(:first-child, :has(astro-island, [data-scheduler])), body > footer';

for (const { path } of sweepPages)
  test(`${path}: the first paint waits for the introduction only, and the rest is drawn when near`, async ({
    page,
  }) => {
    await page.goto(path);
    const intro = await page.evaluate((id) => {
      const expected = [...document.head.querySelectorAll('link[rel="expect"]')].map((link) => ({
        href: link.getAttribute('href'),
        blocking: link.getAttribute('blocking'),
      }));
      const main = document.querySelector('main');
      const element = document.getElementById(id);
      const first = main?.firstElementChild;
      return {
        expected,
        count: document.querySelectorAll(`[id="${id}"]`).length,
        first: element !== null && (element === first || element === first?.firstElementChild),
        top: element?.getBoundingClientRect().top ?? Infinity,
        screen: innerHeight,
      };
    }, pageIntroId);
    expect(intro.expected).toEqual([{ href: `#${pageIntroId}`, blocking: 'render' }]);
    expect(intro.count, 'one introduction').toBe(1);
    expect(intro.first, 'the introduction opens <main>').toBe(true);
    expect(intro.top, 'the introduction starts on the first screen').toBeLessThan(intro.screen);

    // Far below the screen (past the browser's own margin of about half a screen), not drawn; at
    // the screen, drawn. `checkVisibility` tells of a box whose contents are skipped by asking
    // about its first child.
    const skipped = (index: number) =>
      page.evaluate(
        ([selector, at]) => {
          const box = document.querySelectorAll(selector)[at]!;
          const child = box.firstElementChild ?? box;
          return !child.checkVisibility({ contentVisibilityAuto: true });
        },
        [deferred, index] as const,
      );
    const boxes = await page.evaluate(
      (selector) =>
        [...document.querySelectorAll(selector)].map((box) => getComputedStyle(box).contentVisibility),
      deferred,
    );
    expect(boxes.length, 'the footer at least').toBeGreaterThan(0);
    // Read afresh each time: a box drawn once keeps its real height, which moves the ones after it.
    const topOf = (index: number) =>
      page.evaluate(
        ([selector, at]) => document.querySelectorAll(selector)[at]!.getBoundingClientRect().top + scrollY,
        [deferred, index] as const,
      );
    for (const [index, style] of boxes.entries()) {
      expect(style).toBe('auto');
      const top = await topOf(index);
      if (top < intro.screen * 2.5) continue;
      // Polled: a box drawn while the reader passed it is left undrawn again a frame or two later.
      await expect
        .poll(() => skipped(index), `box ${index} at ${Math.round(top)} px, not scrolled to`)
        .toBe(true);
      await scrollToY(page, top);
      await expect.poll(() => skipped(index), `box ${index}, scrolled to`).toBe(false);
      await scrollToY(page, 0);
    }
  });
