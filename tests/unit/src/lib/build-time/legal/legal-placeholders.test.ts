import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  missingPlaceholderError,
  splitAtBlock,
  type LegalPageName,
} from '@/lib/build-time/legal/legal-placeholders';

// A record, so the compiler refuses a legal page added to the required list but missing here.
const pages: Record<LegalPageName, true> = { privacy: true, terms: true };

describe('the legal pages’ required placeholders', () => {
  it('are all in the shipped pages', () => {
    for (const page of Object.keys(pages) as LegalPageName[]) {
      const markdown = readFileSync(`src/content/legal/${page}.md`, 'utf8');
      expect(missingPlaceholderError(page, markdown)).toBeUndefined();
    }
  });

  it('name the file and each one missing', () => {
    const error = missingPlaceholderError('privacy', 'Only {legalName} here.');
    expect(error).toMatch(/^src\/content\/legal\/privacy\.md must keep /);
    expect(error).toContain('{cookieTable}');
    expect(error).toContain('{icoHelpline}');
    expect(error).not.toContain('{legalName}');
  });

  it('split rendered HTML at a block placeholder, and refuse one inside a sentence', () => {
    expect(splitAtBlock('<h2>A</h2><p>{cookieTable}</p><p>B</p>', 'cookieTable')).toEqual([
      '<h2>A</h2>',
      '<p>B</p>',
    ]);
    expect(() => splitAtBlock('<p>See {cookieTable} here</p>', 'cookieTable')).toThrow(/line of its own/);
  });
});
