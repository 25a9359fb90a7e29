/**
 * IBM Equal Access, a second rules engine beside axe. The `accessibility-checker` wrapper fetches
 * its rules from IBM's server at run time, which tests may not do; its engine,
 * `accessibility-checker-engine`, ships them in `ace.js`, which is evaluated in the page (through
 * the DevTools protocol, as axe is, so the page's Content-Security-Policy stays as it ships).
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Page } from '@playwright/test';

const aceSource = readFileSync(
  createRequire(import.meta.url).resolve('accessibility-checker-engine/ace.js'),
  'utf8',
);

/** IBM's WCAG 2.2 A and AA policy. */
export const ibmPolicy = 'WCAG_2_2';

/**
 * Rules switched off, each with the reason. Empty: every rule of the policy runs. A rule goes here
 * only with the reason it cannot apply to this site, never to hide a failure.
 */
export const ibmRulesOff: Readonly<Record<string, string>> = {};

/** Every violation of the policy on the page as it is now, one line each (rule, message, element). */
export async function ibmViolations(page: Page, rulesOff = ibmRulesOff): Promise<string[]> {
  if (!(await page.evaluate(() => 'ace' in window))) await page.evaluate(aceSource);
  return page.evaluate(
    async ({ policy, off }) => {
      interface Result {
        ruleId: string;
        value: [string, string];
        message: string;
        snippet: string;
        path: { dom: string };
      }
      const engine = (
        window as unknown as {
          ace: { Checker: new () => { check(d: Document, p: string[]): Promise<{ results: Result[] }> } };
        }
      ).ace;
      const report = await new engine.Checker().check(document, [policy]);
      return report.results
        .filter(({ value: [kind, outcome] }) => kind === 'VIOLATION' && outcome === 'FAIL')
        .filter(({ ruleId }) => !off.includes(ruleId))
        .map(
          ({ ruleId, message, snippet, path }) =>
            `${ruleId}: ${message} — ${path.dom} ${snippet.slice(0, 120)}`,
        );
    },
    { policy: ibmPolicy, off: Object.keys(rulesOff) },
  );
}
