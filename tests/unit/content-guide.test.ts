/**
 * CONTENT.md's list of the commercial terms the agency must confirm. It quotes the sentences
 * terms.md first shipped with, not whatever the file holds later: confirming or changing a term
 * there is an editor's ordinary edit, and must not turn a test red.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

const guide = readFileSync('CONTENT.md', 'utf8');

const section = guide.split('## Terms to confirm before launch')[1]?.split('\n## ')[0] ?? '';
const rows = [...section.matchAll(/^\| ([^|]+?) +\| "(.+)" +\|$/gm)].map(([, term]) => ({ term: term! }));

describe('terms the agency must confirm before launch', () => {
  it('names every commercial term the spec does not give', () => {
    expect(rows.map((row) => row.term)).toEqual(
      expect.arrayContaining(['quote validity', 'invoicing split', 'payment days', 'liability cap']),
    );
  });
});
