import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

/** The WCAG levels every page and state must pass. */
export const wcagTags = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];

/**
 * Axe for the page as it is now, run as one `axe.run` in the page (legacy mode) rather than a
 * partial run finished in a second, blank page, which costs a page and a second copy of axe on
 * every call. Legacy mode leaves out frames of other origins: the site's only frame is the booking
 * page's (a blank stand-in in the tests), not the site's to fix. Only violations list every
 * element; passes and the rest name one each.
 */
export const axeFor = (page: Page, options: Parameters<AxeBuilder['options']>[0] = {}) =>
  new AxeBuilder({ page }).options({ resultTypes: ['violations'], ...options }).setLegacyMode();

/** Runs axe on the page as it is now and fails with a readable list of violations. */
export async function expectNoAxeViolations(page: Page, context: string): Promise<void> {
  const results = await axeFor(page).withTags(wcagTags).analyze();
  const violations = results.violations.map(
    (violation) =>
      `${violation.id} (${violation.impact}): ${violation.help} — ${violation.nodes
        .slice(0, 3)
        .map((node) => node.target.join(' '))
        .join(', ')}`,
  );
  expect(violations, `axe violations on ${context}`).toEqual([]);
}
