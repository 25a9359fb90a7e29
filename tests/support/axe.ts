import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { expect, type Page } from '@playwright/test';
import type { AxeResults, Result, RunOptions } from 'axe-core';
import { whileAllDrawn } from './drawn-boxes.ts';

/** The WCAG levels every page and state must pass. */
export const wcagTags = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];

const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

/**
 * Axe's violations on the page as it is now, for the rules of `tags` (and any rule `rules` turns
 * on): axe-core put into the document once, then one `axe.run` per call. Not `@axe-core/playwright`,
 * whose builder injects axe into every frame and sets it up again on every call: about 0.2 s a
 * call, a quarter of each (the page sweep at both sizes: 75 → 63–70 CPU-seconds). Frames are left
 * out: the site's only one is the booking page's (a blank stand-in in the tests), another origin's
 * page, not the site's to fix. Only violations list every element. Sections drawn late are drawn
 * for it (./drawn-boxes.ts).
 */
export async function axeViolations(
  page: Page,
  tags: readonly string[],
  rules: RunOptions['rules'] = {},
): Promise<Result[]> {
  // Through the DevTools protocol, which the page's Content-Security-Policy does not govern.
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(axeSource);
  // A state just opened is checked as it ends, not mid-transition (text fading in is not yet its
  // colour): the finite animations and transitions running now finish first.
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter(
          (animation) =>
            animation.playState === 'running' &&
            animation.effect?.getComputedTiming().iterations !== Infinity,
        )
        .map((animation) => animation.finished.catch(() => undefined)),
    ).then(() => undefined),
  );
  const options: RunOptions = {
    runOnly: { type: 'tag', values: [...tags] },
    rules,
    resultTypes: ['violations'],
    iframes: false,
  };
  return whileAllDrawn(page, () =>
    page.evaluate(
      (runOptions) =>
        (
          window as unknown as { axe: { run: (context: Document, options: unknown) => Promise<AxeResults> } }
        ).axe
          .run(document, runOptions)
          .then(({ violations }) => violations),
      options,
    ),
  );
}

/** Runs axe on the page as it is now and fails with a readable list of violations. */
export async function expectNoAxeViolations(page: Page, context: string): Promise<void> {
  const violations = (await axeViolations(page, wcagTags)).map(
    (violation) =>
      `${violation.id} (${violation.impact}): ${violation.help} — ${violation.nodes
        .slice(0, 3)
        .map((node) => node.target.join(' '))
        .join(', ')}`,
  );
  expect(violations, `axe violations on ${context}`).toEqual([]);
}
