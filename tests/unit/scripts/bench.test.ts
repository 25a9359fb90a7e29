/** `npm run bench`'s options, as util.parseArgs reads them: --help says them all, a wrong one stops it. */
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const bench = (...args: string[]) =>
  spawnSync(process.execPath, [resolve(import.meta.dirname, '../../../scripts/bench.ts'), ...args], {
    encoding: 'utf8',
  });

describe('npm run bench -- …', () => {
  it('--help lists every option and measures nothing', () => {
    const result = bench('--help');
    expect(result.status).toBe(0);
    for (const option of [
      '--runs',
      '--route',
      '--start',
      '--no-build',
      '--busy',
      '--compare',
      '--no-taps',
      '--taps-only',
      '--no-presses',
      '--presses-only',
      '--function-only',
      '--articles',
      '--help',
    ])
      expect(result.stdout).toContain(option);
  });

  it('stops with the usage on an unknown option, a stray argument or a bad number', () => {
    for (const args of [['--bogus'], ['extra'], ['--runs', 'x'], ['--articles', '0']]) {
      const result = bench(...args);
      expect(result.status, args.join(' ')).toBe(2);
      expect(result.stderr, args.join(' ')).toContain('Usage: npm run bench');
    }
    // Four Node starts in a row: over a minute on a machine shared with other suites.
  }, 120_000);

  it('--compare stops before measuring when the other build cannot be served, naming the page', () => {
    const dir = mkdtempSync(join(tmpdir(), 'bench-compare-'));
    try {
      mkdirSync(join(dir, 'about'));
      writeFileSync(join(dir, 'index.html'), '<p>Home</p>');
      writeFileSync(join(dir, 'about', 'index.html'), '<p>About</p>');
      const result = bench('--compare', dir);
      expect(result.status).toBe(2);
      expect(result.stderr).toContain(`--compare: ${join(dir, 'about', 'index.html')}`);
      expect(bench('--compare', join(dir, 'missing')).stderr).toContain('--compare: ');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
