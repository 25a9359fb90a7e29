/** `npm run bench`'s options, as util.parseArgs reads them: --help says them all, a wrong one stops it. */
import { spawnSync } from 'node:child_process';
import { resolve } from 'node:path';
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
      '--no-taps',
      '--taps-only',
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
  });
});
