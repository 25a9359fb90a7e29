/** Each runner's totals, read from its JSON report, and the closing `N passed, M failed` line. */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

export interface Counts {
  passed: number;
  failed: number;
  skipped: number;
}

/** Counted as one failure: a runner that wrote no report. */
const noReport: Counts = { passed: 0, failed: 1, skipped: 0 };

function readJson(file: string): unknown {
  try {
    return JSON.parse(readFileSync(file, 'utf8'));
  } catch {
    return undefined;
  }
}

export function vitestCounts(reports: string, ok: boolean): Counts {
  const report = readJson(join(reports, 'vitest.json')) as
    | { numPassedTests: number; numFailedTests: number; numPendingTests: number; numTodoTests: number }
    | undefined;
  if (!report) return noReport;
  return {
    passed: report.numPassedTests,
    // A run that failed outside any test (a file that would not load) still counts as a failure.
    failed: report.numFailedTests || (ok ? 0 : 1),
    skipped: report.numPendingTests + report.numTodoTests,
  };
}

export function playwrightCounts(file: string, ok: boolean): Counts {
  const report = readJson(file) as
    { stats: { expected: number; unexpected: number; flaky: number; skipped: number } } | undefined;
  if (!report) return noReport;
  const { expected, unexpected, flaky, skipped } = report.stats;
  return { passed: expected, failed: unexpected + flaky || (ok ? 0 : 1), skipped };
}

export const failedRun: Counts = noReport;

export function totalsLine(...all: Counts[]): string {
  const sum = (key: keyof Counts) => all.reduce((total, counts) => total + counts[key], 0);
  const skipped = sum('skipped');
  return `${sum('passed')} passed, ${sum('failed')} failed${skipped > 0 ? `, ${skipped} skipped` : ''}`;
}
