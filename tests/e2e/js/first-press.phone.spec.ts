/**
 * The first press on an island's control lands whenever it comes relative to hydration: the
 * takeover never replaces the control a press is on (src/lib/browser/press-tracking.ts). In
 * Chromium, which keeps `:active` through a press; the engines that do not, WebKit and Firefox,
 * press across hydration in tests/e2e/engines/first-press.spec.ts.
 */
import { expect, test, type Page } from '@playwright/test';
import { faqPages, holdScripts, reactHydrated } from '#support/islands.ts';
import { failOnPageErrors } from '#support/page-problems.ts';
import { pressNote } from '#tools/first-press-tally.ts';
import { islandState, markIsland, pressAsHydrationStarts } from '#support/engines/page-checks.ts';

const islands = [
  { name: 'the phone menu', selector: '[data-phone-menu]', path: '/' },
  { name: 'an FAQ question', selector: '[data-faq]', path: faqPages[0]!.path },
];
/** Milliseconds between the pointer arriving on the control and pressing it. */
const offsets = [0, 30, 60];

const state = (page: Page) => page.evaluate(islandState);

test.describe('the first press across hydration', () => {
  failOnPageErrors();

  for (const island of islands) {
    test(`on ${island.name}, pressed 0–60 ms after the pointer arrives, always opens it`, async ({
      page,
    }) => {
      const lost: string[] = [];
      for (const offset of offsets) {
        await page.goto(island.path);
        expect(await page.evaluate(markIsland, island.selector)).toBe(true);
        const { x, y } = await state(page);
        await page.mouse.move(x, y);
        if (offset) await page.waitForTimeout(offset);
        await page.mouse.down();
        await page.mouse.up();
        await expect.poll(async () => (await state(page)).switched).toBe(true);
        if (!(await state(page)).open) lost.push(`pressed ${offset} ms`);
      }
      test
        .info()
        .annotations.push(
          pressNote({ engine: 'Chromium', island: island.name, tries: offsets.length, lost }),
        );
      expect(lost).toEqual([]);
    });

    // What WebKit does to a real press (its `:active` state ends before the click), played with
    // events that set no `:active` state at all.
    test(`on ${island.name}, a press without :active keeps the native control until its click`, async ({
      page,
    }) => {
      const scripts = await holdScripts(page);
      await page.goto(island.path);
      expect(await page.evaluate(markIsland, island.selector)).toBe(true);
      const summary = page.locator(`${island.selector} summary`).first();
      await summary.dispatchEvent('pointerdown', { isPrimary: true, button: 0 });
      await expect.poll(() => scripts.held().length).toBeGreaterThan(0);
      scripts.release();
      await reactHydrated(page.locator(island.selector));
      await expect(summary).toHaveCount(1);
      await summary.dispatchEvent('pointerup', { isPrimary: true, button: 0 });
      await summary.dispatchEvent('click');
      await expect.poll(async () => (await state(page)).switched).toBe(true);
      expect((await state(page)).open).toBe(true);
    });

    // The press that asks for hydration may go down just as React arrives: React then hydrates
    // inside that press's own dispatch, before any listener on the island itself has heard it.
    for (const kind of ['Space', 'pointer'] as const) {
      test(`on ${island.name}, a ${kind} press going down as React arrives keeps its control and lands`, async ({
        page,
      }) => {
        await page.goto(island.path);
        expect(await page.evaluate(markIsland, island.selector)).toBe(true);
        expect(await page.evaluate(pressAsHydrationStarts, kind)).toBe(true);
        await expect.poll(() => page.evaluate(() => 'pressResult' in window)).toBe(true);
        expect(await page.evaluate(() => (window as { pressResult?: unknown }).pressResult)).toEqual({
          kept: true,
        });
        await expect.poll(async () => (await state(page)).switched).toBe(true);
        expect((await state(page)).open).toBe(true);
      });
    }
  }
});
