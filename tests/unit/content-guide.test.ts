/** CONTENT.md's list of placeholder commercial terms must quote the Terms of Service as they stand. */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

const guide = readFileSync('CONTENT.md', 'utf8');
const terms = readFileSync('src/content/legal/terms.md', 'utf8').replace(/\s+/g, ' ');

const section = guide.split('## Terms to confirm before launch')[1]?.split('\n## ')[0] ?? '';
const rows = [...section.matchAll(/^\| ([^|]+?) +\| "(.+)" +\|$/gm)].map(([, term, sentence]) => ({
  term: term!,
  sentence: sentence!,
}));

describe('terms the agency must confirm before launch', () => {
  it('names every commercial term the spec does not give', () => {
    expect(rows.map((row) => row.term)).toEqual(
      expect.arrayContaining(['quote validity', 'invoicing split', 'payment days', 'liability cap']),
    );
  });

  it.each(rows)('quotes "$term" exactly as terms.md says it', ({ sentence }) => {
    expect(terms).toContain(sentence);
  });
});
