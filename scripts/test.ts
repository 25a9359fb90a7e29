/**
 * `npm test`: unit tests (vitest), a fresh build, then browser tests (Playwright) against it.
 * Each runner prints its own summary; the last line is the total over both, as
 * `N passed, M failed` (`, K skipped` when any were skipped). Exits non-zero on any failure.
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync, rmSync } from 'node:fs';
import { join, resolve } from 'node:path';

const project = resolve(import.meta.dirname, '..');
const reports = resolve(project, process.env.E2E_RESULTS ?? 'test-results');
const bin = (path: string) => join(project, 'node_modules', path);

interface Counts {
  passed: number;
  failed: number;
  skipped: number;
}

function run(label: string, args: string[]): boolean {
  console.log(`\n── ${label} ──`);
  const result = spawnSync(process.execPath, args, { cwd: project, stdio: 'inherit', env: process.env });
  return result.status === 0;
}

function readJson(file: string): unknown {
  try {
    return JSON.parse(readFileSync(join(reports, file), 'utf8'));
  } catch {
    return undefined;
  }
}

function vitestCounts(ok: boolean): Counts {
  const report = readJson('vitest.json') as
    | { numPassedTests: number; numFailedTests: number; numPendingTests: number; numTodoTests: number }
    | undefined;
  if (!report) return { passed: 0, failed: 1, skipped: 0 };
  return {
    passed: report.numPassedTests,
    // A run that failed outside any test (a file that would not load) still counts as a failure.
    failed: report.numFailedTests || (ok ? 0 : 1),
    skipped: report.numPendingTests + report.numTodoTests,
  };
}

function playwrightCounts(ok: boolean): Counts {
  const report = readJson('playwright.json') as
    { stats: { expected: number; unexpected: number; flaky: number; skipped: number } } | undefined;
  if (!report) return { passed: 0, failed: 1, skipped: 0 };
  const { expected, unexpected, flaky, skipped } = report.stats;
  return { passed: expected, failed: unexpected + flaky || (ok ? 0 : 1), skipped };
}

rmSync(reports, { recursive: true, force: true });
mkdirSync(reports, { recursive: true });

const unitOk = run('unit tests (vitest)', [
  bin('vitest/vitest.mjs'),
  'run',
  '--reporter=default',
  '--reporter=json',
  `--outputFile.json=${join(reports, 'vitest.json')}`,
]);
const unit = vitestCounts(unitOk);

const outDir = resolve(project, process.env.OUT_DIR ?? 'dist');
const buildOk = run('build (astro)', [bin('astro/bin/astro.mjs'), 'build', '--outDir', outDir]);
const browserOk = buildOk && run('browser tests (playwright)', [bin('@playwright/test/cli.js'), 'test']);
const browser = buildOk ? playwrightCounts(browserOk) : { passed: 0, failed: 1, skipped: 0 };

const total = {
  passed: unit.passed + browser.passed,
  failed: unit.failed + browser.failed,
  skipped: unit.skipped + browser.skipped,
};
console.log(
  `\nunit: ${unit.passed} passed, ${unit.failed} failed; browser: ${browser.passed} passed, ${browser.failed} failed`,
);
console.log(
  `${total.passed} passed, ${total.failed} failed${total.skipped > 0 ? `, ${total.skipped} skipped` : ''}`,
);
process.exit(unitOk && buildOk && browserOk && total.failed === 0 ? 0 : 1);
