/**
 * What must never happen on a page the tests open: an uncaught error, a console error, or a
 * Content-Security-Policy violation (which an init script reports to the console, with detail).
 */
import { expect, test, type BrowserContext, type Page } from '@playwright/test';

interface Options {
  /** Let the browser's own "status of 404" console error pass: on the 404 page it is the page working. */
  allowNotFound?: boolean;
}

function reportViolations() {
  // Once per document, however many watchers a reused page has had.
  const reported = window as unknown as { reportingViolations?: boolean };
  if (reported.reportingViolations) return;
  reported.reportingViolations = true;
  document.addEventListener('securitypolicyviolation', (event) => {
    console.error(`CSP violation: ${event.violatedDirective} ${event.blockedURI} ${event.sample}`);
  });
}

function watch(page: Page, problems: string[], { allowNotFound = false }: Options) {
  page.on('pageerror', (error) => problems.push(`page error on ${page.url()}: ${error.message}`));
  page.on('console', (message) => {
    if (message.type() !== 'error') return;
    if (allowNotFound && message.text().includes('status of 404')) return;
    problems.push(`console error on ${page.url()}: ${message.text()}`);
  });
}

/** The problems of `page` from now on; call before it loads, and expect the list to stay empty. */
export async function watchPageProblems(page: Page, options: Options = {}): Promise<string[]> {
  const problems: string[] = [];
  await page.addInitScript(reportViolations);
  watch(page, problems, options);
  return problems;
}

/** The same for every page the context opens from now on (new tabs included). */
export async function watchContextProblems(
  context: BrowserContext,
  options: Options = {},
): Promise<string[]> {
  const problems: string[] = [];
  await context.addInitScript(reportViolations);
  context.on('page', (page) => watch(page, problems, options));
  return problems;
}

/**
 * Called inside a describe block: each of its tests fails on any such problem, so a broken
 * hydration cannot pass unnoticed behind a working server-rendered fallback.
 */
export function failOnPageErrors() {
  let problems: string[] = [];
  test.beforeEach(async ({ page }) => {
    problems = await watchPageProblems(page);
  });
  test.afterEach(() => expect(problems).toEqual([]));
}
