/**
 * `.ci/run` on a copy of the project whose npm is a stand-in: each runner prints what a real one
 * would, or fails, so the test shows what the script does with each step's result, in a second.
 */
import { spawnSync } from 'node:child_process';
import {
  chmodSync,
  copyFileSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';

const project = resolve(import.meta.dirname, '../..');
const runners = { test: [5, 0], spec: [3, 0], lockfile: [2, 0] } as const;

/** A stand-in npm that logs its arguments; `npm run check` exits with CHECK_EXIT. */
const fakeNpm = `#!/usr/bin/env bash
echo "$*" >> "$NPM_LOG"
case "$*" in
  ci*) exit 0 ;;
  "run check") echo 'check output'; exit "$CHECK_EXIT" ;;
  test) echo '${runners.test[0]} passed, ${runners.test[1]} failed' ;;
  "run test:spec")
    mkdir -p "$E2E_RESULTS/spec"
    echo '{"stats":{"expected":${runners.spec[0]},"unexpected":${runners.spec[1]},"flaky":0}}' > "$E2E_RESULTS/spec/playwright.json" ;;
  "run --silent test:lockfile") echo '${runners.lockfile[0]} passed, ${runners.lockfile[1]} failed' ;;
  *) echo "unexpected npm $*" >&2; exit 1 ;;
esac
`;

let dir = '';
afterEach(() => rmSync(dir, { recursive: true, force: true }));

function ciRun(checkExit: number) {
  dir = mkdtempSync(join(tmpdir(), 'ci-run-'));
  const bin = join(dir, 'bin');
  mkdirSync(join(dir, '.ci'));
  mkdirSync(bin);
  copyFileSync(join(project, '.ci/run'), join(dir, '.ci/run'));
  // Java and apt are stand-ins too, so a machine without them installs nothing.
  for (const [name, body] of [
    ['npm', fakeNpm],
    ['java', '#!/bin/sh\n'],
    ['apt-get', '#!/bin/sh\n'],
  ]) {
    writeFileSync(join(bin, name ?? ''), body ?? '');
    chmodSync(join(bin, name ?? ''), 0o755);
  }
  const log = join(dir, 'npm.log');
  const run = spawnSync('bash', [join(dir, '.ci/run')], {
    encoding: 'utf8',
    env: {
      ...process.env,
      PATH: `${bin}:${process.env.PATH}`,
      NPM_LOG: log,
      CHECK_EXIT: String(checkExit),
      E2E_RESULTS: join(dir, 'results'),
    },
  });
  return {
    ...run,
    lastLine: run.stdout.trim().split('\n').at(-1),
    npm: readFileSync(log, 'utf8').split('\n'),
  };
}

describe('.ci/run', () => {
  const passed = runners.test[0] + runners.spec[0] + runners.lockfile[0];

  it('runs npm run check beside the tests and counts it into the totals', () => {
    const run = ciRun(0);
    expect(run.npm).toContain('run check');
    expect(run.lastLine).toBe(`${passed + 1} passed, 0 failed`);
    expect(run.status).toBe(0);
  });

  it('fails, still running every other check, when npm run check finds an error', () => {
    const run = ciRun(1);
    expect(run.npm).toEqual(expect.arrayContaining(['test', 'run test:spec', 'run --silent test:lockfile']));
    expect(run.lastLine).toBe(`${passed} passed, 1 failed`);
    expect(run.status).not.toBe(0);
  });
});
