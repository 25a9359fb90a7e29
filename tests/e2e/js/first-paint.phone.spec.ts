/**
 * What the first paint waits for, and what it leaves for later (docs/performance.md, "Main-thread
 * work on load"), on every page at phone size:
 * - nothing holds the first paint: no render-blocking link (a hold on the page's introduction made
 *   Lighthouse's first paint come a second late in a third of its loads), and no stylesheet or
 *   script file it must fetch first;
 * - the sections after the first that src/styles/global.css defers, and always the footer, cost no
 *   style or layout while far below the screen (`content-visibility: auto`), and are drawn once the
 *   reader scrolls to them;
 * - scrolling back up from the foot of the page, the text under the reader keeps still as the
 *   sections above are drawn and their real heights replace the estimate (the browser's scroll
 *   anchoring; WebKit and Firefox draw every section at once: tests/e2e/engines/pages.spec.ts).
 */
import { expect, test } from '@playwright/test';
import { readingPositionJumps } from '#support/engines/page-checks.ts';
import { scrollToY } from '#support/islands.ts';
import { sweepPages } from '#support/pages.ts';

/** What may be deferred; which of these are is the stylesheet's to say, read from the page. */
const candidates = 'main > section:not(:first-child), body > footer';
const deferredMark = 'data-deferred-box';
const deferred = `[${deferredMark}]`;

for (const { path } of sweepPages)
  test(`${path}: nothing holds the first paint; the rest is drawn when near, in place`, async ({ page }) => {
    await page.goto(path);
    const screen = await page.evaluate(() => innerHeight);
    const holds = await page.evaluate(() =>
      [
        ...document.querySelectorAll(
          '[blocking], link[rel="expect"], link[rel="stylesheet"], head script[src]',
        ),
      ].map((element) => element.outerHTML.slice(0, 80)),
    );
    expect(holds, 'what the first paint would wait for').toEqual([]);
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
    const footerDeferred = await page.evaluate(
      ([selector, mark]) => {
        for (const box of document.querySelectorAll(selector))
          if (getComputedStyle(box).contentVisibility === 'auto') box.setAttribute(mark, '');
        return document.querySelector('body > footer')?.hasAttribute(mark) ?? false;
      },
      [candidates, deferredMark] as const,
    );
    expect(footerDeferred, 'the footer is drawn only when near').toBe(true);
    const count = await page.locator(deferred).count();
    // Read afresh each time: a box drawn once keeps its real height, which moves the ones after it.
    const topOf = (index: number) =>
      page.evaluate(
        ([selector, at]) => document.querySelectorAll(selector)[at]!.getBoundingClientRect().top + scrollY,
        [deferred, index] as const,
      );
    for (let index = 0; index < count; index++) {
      const top = await topOf(index);
      if (top < screen * 2.5) continue;
      // Polled: a box drawn while the reader passed it is left undrawn again a frame or two later.
      await expect
        .poll(() => skipped(index), `box ${index} at ${Math.round(top)} px, not scrolled to`)
        .toBe(true);
      await scrollToY(page, top);
      await expect.poll(() => skipped(index), `box ${index}, scrolled to`).toBe(false);
      await scrollToY(page, 0);
    }

    // Afresh, as a reader arriving at the foot of the page finds it: nothing above drawn yet.
    await page.goto(path);
    const aScroll = 1 / 3;
    expect(await page.evaluate(readingPositionJumps, aScroll), 'the text under the reader moved').toEqual([]);
  });
