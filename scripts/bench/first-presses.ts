/**
 * `npm run bench`'s first presses across hydration, per engine: the first-press sweeps of the test
 * suite (tests/e2e/js/first-press.phone.spec.ts in Chromium, tests/e2e/engines/first-press.spec.ts
 * in WebKitGTK and Firefox ESR: the phone menu and an FAQ question, pressed 0–60 ms after the
 * pointer arrives, and held across hydration) run `runs` times over with Playwright, the built site
 * served by the suite's own server, and every press summed (first-press-report.ts). A rate over
 * many runs, where one run of the suite can only pass or fail.
 */
import { spawnSync } from 'node:child_process';
import { readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import type { JSONReport } from '@playwright/test/reporter';
import {
  firstPressRows,
  missedFirstPresses,
  renderFirstPressTable,
  type FirstPressRow,
} from './first-press-report.ts';

const sweeps = ['tests/e2e/js/first-press.phone.spec.ts', 'tests/e2e/engines/first-press.spec.ts'];
const projects = ['phone-js', 'engines'];

export function benchFirstPresses(project: string, folder: string, runs: number) {
  const output = join(folder, 'first-presses.json');
  rmSync(output, { force: true });
  const playwright = join(project, 'node_modules', '@playwright', 'test', 'cli.js');
  const run = spawnSync(
    process.execPath,
    [
      playwright,
      'test',
      ...projects.map((name) => `--project=${name}`),
      ...sweeps,
      `--repeat-each=${runs}`,
      '--reporter=json',
    ],
    {
      cwd: project,
      env: { ...process.env, PLAYWRIGHT_JSON_OUTPUT_FILE: output },
      stdio: ['ignore', 'ignore', 'pipe'],
      encoding: 'utf8',
    },
  );
  let report: JSONReport;
  try {
    report = JSON.parse(readFileSync(output, 'utf8')) as JSONReport;
  } catch {
    throw new Error(
      `The first-press sweeps left no report (Playwright exited with ${run.status}):\n${run.stderr.slice(-2000)}`,
    );
  }
  process.stderr.write(`measured first presses, ${runs} run(s) of each sweep\n`);
  return firstPressRows(report);
}

/** The first presses' table under its title; how many rows miss the goal. */
export function printFirstPresses(rows: FirstPressRow[], runs: number, busy: boolean) {
  console.log(
    `\nFirst presses across hydration, ${runs} run(s) of each sweep${busy ? ', one core busy' : ''}`,
  );
  console.log('✓ every press landed, ✗ one or more lost\n');
  console.log(renderFirstPressTable(rows));
  return missedFirstPresses(rows);
}

/** `--presses-only`: measures and prints them, then ends the bench, failing when a press was lost. */
export function benchFirstPressesAlone(
  project: string,
  folder: string,
  runs: number,
  busy?: { stop(): void },
) {
  const rows = benchFirstPresses(project, folder, runs);
  busy?.stop();
  process.exit(printFirstPresses(rows, runs, busy !== undefined) > 0 ? 1 : 0);
}
