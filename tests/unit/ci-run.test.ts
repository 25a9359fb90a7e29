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

/**
 * A stand-in npm that logs its arguments; `npm run check` exits with CHECK_EXIT, and
 * `npm run launch-check` with LAUNCH_EXIT (0: the site has gone live).
 */
const fakeNpm = `#!/usr/bin/env bash
echo "$*" >> "$NPM_LOG"
case "$*" in
  ci*) exit 0 ;;
  "run check") echo 'check output'; exit "$CHECK_EXIT" ;;
  "run --silent launch-check") exit "$LAUNCH_EXIT" ;;
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

interface Copy {
  checkExit?: number;
  /** Whether the spec is beside the project, as in this repository's CI. */
  specBeside?: boolean;
  /** Whether `npm run launch-check` is clear: the site has gone live. */
  live?: boolean;
}

function ciRun({ checkExit = 0, specBeside = true, live = false }: Copy = {}) {
  dir = mkdtempSync(join(tmpdir(), 'ci-run-'));
  const bin = join(dir, 'bin');
  const copy = join(dir, 'project');
  mkdirSync(join(copy, '.ci'), { recursive: true });
  mkdirSync(bin);
  copyFileSync(join(project, '.ci/run'), join(copy, '.ci/run'));
  if (specBeside) {
    mkdirSync(join(dir, 'shared', 'spec'), { recursive: true });
    writeFileSync(join(dir, 'shared', 'spec', 'SPEC.md'), '# The spec\n');
  }
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
  const run = spawnSync('bash', [join(copy, '.ci/run')], {
    encoding: 'utf8',
    env: {
      ...process.env,
      PATH: `${bin}:${process.env.PATH}`,
      NPM_LOG: log,
      CHECK_EXIT: String(checkExit),
      LAUNCH_EXIT: live ? '0' : '1',
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
    const run = ciRun();
    expect(run.npm).toContain('run check');
    expect(run.lastLine).toBe(`${passed + 1} passed, 0 failed`);
    expect(run.status).toBe(0);
  });

  it('fails, still running every other check, when npm run check finds an error', () => {
    const run = ciRun({ checkExit: 1 });
    expect(run.npm).toEqual(expect.arrayContaining(['test', 'run test:spec', 'run --silent test:lockfile']));
    expect(run.lastLine).toBe(`${passed} passed, 1 failed`);
    expect(run.status).not.toBe(0);
  });

  it("checks the spec's words only for this repository as specified, before it goes live", () => {
    const specified = ciRun();
    expect(specified.npm).toContain('run test:spec');
    expect(specified.lastLine).toBe(`${passed + 1} passed, 0 failed`);
    // An agency's own copy, without the spec beside it, and a site gone live have words of their own.
    for (const copy of [{ specBeside: false }, { live: true }]) {
      const run = ciRun(copy);
      expect(run.npm, JSON.stringify(copy)).not.toContain('run test:spec');
      expect(run.stdout).toMatch(/test:spec left out: .+/);
      expect(run.lastLine).toBe(`${passed + 1 - runners.spec[0]} passed, 0 failed`);
      expect(run.status).toBe(0);
    }
  });
});
