import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { expect, test } from '@playwright/test';
import { headersFor, parseHeadersFile } from '../../../src/lib/shared/headers-file.ts';
import { watchPageProblems } from '../../support/page-problems.ts';
import { sweepPages } from '../../support/pages.ts';

const built = resolve(process.env.OUT_DIR ?? 'dist');
const rules = () => parseHeadersFile(readFileSync(resolve(built, '_headers'), 'utf8'));

for (const { path, status } of sweepPages) {
  test(`${path} runs under its Content-Security-Policy with no violation or console error`, async ({
    page,
  }) => {
    // The browser reports the 404 document itself as a failed load; that is the page working.
    const problems = await watchPageProblems(page, { allowNotFound: status === 404 });

    const response = await page.goto(path);
    expect(response?.status()).toBe(status);
    await page.waitForLoadState('load');

    const headers = response!.headers();
    // An unknown top-level path matches no page's rule (the editor's /admin keeps it from sharing
    // one, see pageRules): its 404 page carries the policy in a <meta>, where frame-ancestors and
    // COOP cannot go; X-Frame-Options: DENY still forbids framing. Built pages' headers are
    // checked one by one in tests/e2e/no-js/security-headers.once.spec.ts.
    if (status === 404 && !headers['content-security-policy']) {
      const policy =
        (await page.locator('meta[http-equiv="Content-Security-Policy"]').getAttribute('content')) ?? '';
      expect(policy).toContain("script-src 'self'");
      expect(policy).not.toMatch(/unsafe-inline|unsafe-eval/);
      expect(policy).toContain("object-src 'none'");
      expect(headers['x-frame-options']).toBe('DENY');
    }
    // The local server sends exactly what Netlify reads from the built _headers file.
    for (const [name, value] of Object.entries(headersFor(path, rules())))
      expect(headers[name], name).toBe(value);

    expect(problems).toEqual([]);
  });
}

test("a legacy redirect page's only script, inline, runs under the CSP", async ({ page }) => {
  const problems = await watchPageProblems(page);
  await page.goto('/services/bpo.html');
  await expect(page).toHaveURL(/\/services\/admin-appointment$/);
  expect(problems).toEqual([]);
});
