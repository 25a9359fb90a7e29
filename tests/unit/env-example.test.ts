/**
 * `.env.example` is copied to `.env` as it is: it must never switch on a feature with a made-up
 * value. It and the README's table list every variable the configuration modules read.
 */
import { readFileSync } from 'node:fs';
import { parseEnv } from 'node:util';
import { describe, expect, it } from 'vitest';
import { configModules } from '#support/config-modules.ts';

const exampleText = readFileSync('.env.example', 'utf8');
const example = parseEnv(exampleText);
const readme = readFileSync('README.md', 'utf8');

describe('.env.example', () => {
  it('leaves analytics off, so a copied file ships no cookie banner for tags that do not exist', () => {
    expect(example.PUBLIC_GA_ID).toBeUndefined();
    expect(example.PUBLIC_CLARITY_ID).toBeUndefined();
  });

  it('only sets variables the README documents', () => {
    for (const name of Object.keys(example)) expect(readme, name).toContain(`\`${name}\``);
  });
});

describe('every variable a configuration module reads', () => {
  const tableRows = readme.split('\n').filter((line) => line.startsWith('| `'));

  it.each(configModules)(
    '%s: is in .env.example and in the README’s table, named with its module',
    (file) => {
      const source = readFileSync(file, 'utf8');
      const names = [...source.matchAll(/read\.\w+\(\s*'([A-Z][A-Z0-9_]*)'/g)].map((match) => match[1] ?? '');
      expect(names.length).toBeGreaterThan(0);
      for (const name of names) {
        expect(exampleText, name).toMatch(new RegExp(`^(# )?${name}=`, 'm'));
        const row = tableRows.find((line) => line.split('|')[1]?.includes(`\`${name}\``));
        expect(row, name).toBeDefined();
        expect(row?.split('|')[4], name).toContain(`\`${file}\``);
        expect(source, `${name} in the opening comment`).toContain(`\`${name}\``);
      }
    },
  );
});
