/** `.env.example` is copied to `.env` as it is: it must never switch on a feature with a made-up value. */
import { readFileSync } from 'node:fs';
import { parseEnv } from 'node:util';
import { describe, expect, it } from 'vitest';

const example = parseEnv(readFileSync('.env.example', 'utf8'));
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
