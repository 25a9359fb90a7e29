/**
 * How every configuration module reads a variable: trimmed, blank as unset, malformed as a
 * problem; and no other runtime module reading the environment behind their back.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { assertValid, parseWebAddress, readEnv } from '@/lib/shared/env';
import { configModules } from '#support/config-modules.ts';

describe('readEnv', () => {
  it('trims values and counts blank ones as unset', () => {
    const read = readEnv({ A: '  value ', B: '   ', C: '' });
    expect([read.text('A'), read.text('B'), read.text('C'), read.text('D')]).toEqual([
      'value',
      undefined,
      undefined,
      undefined,
    ]);
    expect(read.problems).toEqual([]);
  });

  it('records a value that does not match, and returns nothing for it', () => {
    const read = readEnv({ ID: 'x-1', OK: 'abc' });
    expect(read.matching('ID', /^[a-z]+$/, 'must be letters')).toBeUndefined();
    expect(read.matching('OK', /^[a-z]+$/, 'must be letters')).toBe('abc');
    expect(read.matching('UNSET', /^[a-z]+$/, 'must be letters')).toBeUndefined();
    expect(read.problems).toEqual(['ID must be letters, got "x-1"']);
  });

  it('reads a word from a fixed list in any case, else names every word it accepts', () => {
    const choices = { '1': true, true: true, '0': false, false: false };
    const read = readEnv({ ON: ' TRUE ', OFF: '0', BAD: 'yes' });
    expect(read.choice('ON', choices, false)).toBe(true);
    expect(read.choice('OFF', choices, true)).toBe(false);
    expect(read.choice('UNSET', choices, true)).toBe(true);
    expect(read.choice('BAD', choices, false)).toBe(false);
    expect(read.problems).toEqual(['BAD must be 0, 1, true or false, got "yes"']);
  });

  it('reads whole numbers within their range only', () => {
    const range = { min: 1, max: 100, unit: 'a count' };
    const read = readEnv({ N: ' 42 ', LOW: '0', HIGH: '101', WORD: 'ten', SIGNED: '-5', DECIMAL: '1.5' });
    expect(read.integer('N', range, 7)).toBe(42);
    expect(read.integer('UNSET', range, 7)).toBe(7);
    for (const name of ['LOW', 'HIGH', 'WORD', 'SIGNED', 'DECIMAL'])
      expect(read.integer(name, range, 7)).toBe(7);
    expect(read.problems).toEqual([
      'LOW must be a count from 1 to 100, got "0"',
      'HIGH must be a count from 1 to 100, got "101"',
      'WORD must be a count from 1 to 100, got "ten"',
      'SIGNED must be a count from 1 to 100, got "-5"',
      'DECIMAL must be a count from 1 to 100, got "1.5"',
    ]);
  });

  it('accepts absolute http(s) addresses only, as written', () => {
    const read = readEnv({ WEB: ' https://a.example/path ', FTP: 'ftp://a.example', BARE: 'a.example' });
    expect(read.webAddress('WEB')).toBe('https://a.example/path');
    expect(read.webAddress('FTP')).toBeUndefined();
    expect(read.webAddress('BARE')).toBeUndefined();
    expect(read.problems).toEqual([
      'FTP must be an absolute http(s) address, like https://www.agency.co.uk, got "ftp://a.example"',
      'BARE must be an absolute http(s) address, like https://www.agency.co.uk, got "a.example"',
    ]);
    expect(parseWebAddress('http://localhost:4321')?.origin).toBe('http://localhost:4321');
    expect(parseWebAddress('file:///tmp/x')).toBeUndefined();
  });
});

describe('assertValid', () => {
  it('passes without problems, and otherwise throws one error listing them all', () => {
    expect(() => assertValid([], 'test settings')).not.toThrow();
    expect(() => assertValid(['A must be x, got "y"', 'B must be z, got "w"'], 'test settings')).toThrow(
      'Invalid test settings:\n- A must be x, got "y"\n- B must be z, got "w"',
    );
  });
});

describe('the environment', () => {
  const runtimeFiles = ['src', 'enquiries', 'functions', 'server']
    .flatMap((folder) =>
      readdirSync(folder, { recursive: true, encoding: 'utf8' }).map((file) => join(folder, file)),
    )
    .filter((file) => /\.(ts|mts|tsx|astro|mjs)$/.test(file));

  it('is read only by the configuration modules: everywhere else it is only passed to them', () => {
    expect(runtimeFiles.length).toBeGreaterThan(50);
    for (const file of runtimeFiles.filter((name) => !configModules.includes(name))) {
      // `process.env.NAME` or `process.env[name]` reads a variable; `f(process.env)` passes it on.
      expect(readFileSync(file, 'utf8'), file).not.toMatch(/process\.env\s*(\.|\[|\?\.)/);
    }
  });
});
