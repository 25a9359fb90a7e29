/**
 * `npm test`: unit and integration tests (vitest), a fresh build, then browser tests (Playwright)
 * against it. Vitest needs no build, so it runs beside the build and the browser tests, which
 * start as soon as the build is done: on a small machine much of either is spent waiting on
 * child processes and pages. Vitest's and the build's output is printed as one block when each
 * ends, the browser tests' line by line as it comes. Each runner prints its own summary; the last line is the
 * total over both, as `N passed, M failed` (`, K skipped` when any were skipped). Exits non-zero
 * on any failure.
 */
import { spawn } from 'node:child_process';
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

const header = (label: string) => `\n── ${label} ──\n`;

/**
 * Runs node with `args`. A `live` run's output is passed on line by line as it comes, otherwise
 * it is printed whole at the end; either way through this process, so blocks never interleave.
 */
function run(label: string, args: string[], { live }: { live: boolean }): Promise<boolean> {
  if (live) process.stdout.write(header(label));
  const child = spawn(process.execPath, args, {
    cwd: project,
    env: process.env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const kept: string[] = [];
  const partial = { stdout: '', stderr: '' };
  const pass = (stream: 'stdout' | 'stderr') => (chunk: string) => {
    if (!live) return void kept.push(chunk);
    const lines = (partial[stream] + chunk).split('\n');
    partial[stream] = lines.pop() ?? '';
    if (lines.length > 0) process.stdout.write(`${lines.join('\n')}\n`);
  };
  // Decoded as text by the streams, so a character split between two chunks stays whole.
  child.stdout.setEncoding('utf8').on('data', pass('stdout'));
  child.stderr.setEncoding('utf8').on('data', pass('stderr'));
  return new Promise((done) => {
    let finished = false;
    const finish = (ok: boolean, note = '') => {
      if (finished) return;
      finished = true;
      const rest = live ? [partial.stdout, partial.stderr].filter(Boolean).join('\n') : kept.join('');
      process.stdout.write(
        (live ? '' : header(label)) + rest + (rest && !rest.endsWith('\n') ? '\n' : '') + note,
      );
      done(ok);
    };
    child.on('error', (error) => finish(false, `${error.message}\n`));
    child.on('close', (code) => finish(code === 0));
  });
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

const unitRun = run(
  'unit and integration tests (vitest)',
  [
    bin('vitest/vitest.mjs'),
    'run',
    '--reporter=default',
    '--reporter=json',
    `--outputFile.json=${join(reports, 'vitest.json')}`,
  ],
  { live: false },
);

const outDir = resolve(project, process.env.OUT_DIR ?? 'dist');
const browserRun = run('build (astro)', [bin('astro/bin/astro.mjs'), 'build', '--outDir', outDir], {
  live: false,
}).then(async (buildOk) => ({
  buildOk,
  browserOk:
    buildOk &&
    (await run('browser tests (playwright)', [bin('@playwright/test/cli.js'), 'test'], { live: true })),
}));

const [unitOk, { buildOk, browserOk }] = await Promise.all([unitRun, browserRun]);
const unit = vitestCounts(unitOk);
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
