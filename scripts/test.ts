/**
 * `npm test`: unit and integration tests (vitest), a fresh build, then browser tests (Playwright)
 * against it: every project of playwright.config.ts, Chromium's and the `engines` one (WebKitGTK
 * and Firefox ESR, run beside Chromium's; docs/testing.md). Vitest needs no build, so it runs
 * beside the build and the browser tests, which start as soon as the build is done: on a small
 * machine much of either is spent waiting on child processes and pages. Vitest's and the build's
 * output is printed as one block when each ends, the browser tests' line by line. The last line
 * is the total over both runners, as `N passed, M failed` (`, K skipped` when any were). Exits
 * non-zero on any failure.
 * `npm run test:spec` (the content against the spec's words) is not part of it.
 */
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { parseEnv } from 'node:util';
import { failedRun, playwrightCounts, totalsLine, vitestCounts } from './test/counts.ts';
import { run } from './test/run.ts';

const project = resolve(import.meta.dirname, '..');
// The browser tests check the build made here, which reads `.env` as `npm start` does: `.env` fills
// in what the environment does not set for them too, so they expect what that build was made with.
// Vitest never gets it: its tests build and serve copies of the project that set their own settings,
// and a rebrand in this `.env` must not leak into a copy that sets none or other ones.
const envFile = join(project, '.env');
const browserEnv = existsSync(envFile)
  ? { ...parseEnv(readFileSync(envFile, 'utf8')), ...process.env }
  : process.env;
const reports = resolve(project, process.env.E2E_RESULTS ?? 'test-results');
const outDir = resolve(project, process.env.OUT_DIR ?? 'dist');
const bin = (path: string) => join(project, 'node_modules', path);

rmSync(reports, { recursive: true, force: true });
mkdirSync(reports, { recursive: true });

const vitest = [bin('vitest/vitest.mjs'), 'run', '--reporter=default', '--reporter=json'];
const unitRun = run(
  'unit and integration tests (vitest)',
  [...vitest, `--outputFile.json=${join(reports, 'vitest.json')}`],
  {
    cwd: project,
    live: false,
  },
);
const browserRun = run('build (astro)', [bin('astro/bin/astro.mjs'), 'build', '--outDir', outDir], {
  cwd: project,
  live: false,
}).then(async (buildOk) => ({
  buildOk,
  browserOk:
    buildOk &&
    (await run('browser tests (playwright)', [bin('@playwright/test/cli.js'), 'test'], {
      cwd: project,
      live: true,
      env: browserEnv,
    })),
}));

const [unitOk, { buildOk, browserOk }] = await Promise.all([unitRun, browserRun]);
const unit = vitestCounts(reports, unitOk);
const browser = buildOk ? playwrightCounts(join(reports, 'playwright.json'), browserOk) : failedRun;

console.log(`\nunit: ${totalsLine(unit)}; browser: ${totalsLine(browser)}`);
console.log(totalsLine(unit, browser));
process.exit(unitOk && buildOk && browserOk && unit.failed + browser.failed === 0 ? 0 : 1);
