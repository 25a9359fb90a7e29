/**
 * The days scheduled entries go live, read from the posts' and case studies' front matter as the
 * build reads it: only `scheduled: true` entries that are not drafts, by their UK day, each day once.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { articleFolders, fellDueSince, scheduledDaysIn } from '#src/lib/shared/scheduled-days.ts';
import { markdownFile } from '#tools/markdown-files.ts';

const entry = (data: Record<string, unknown>) => markdownFile({ title: 'A post', ...data }, 'Text.');
const root = mkdtempSync(join(tmpdir(), 'scheduled-days-'));
afterEach(() => rmSync(root, { recursive: true, force: true }));

function write(folder: string, files: Record<string, string>) {
  mkdirSync(join(root, folder), { recursive: true });
  for (const [name, text] of Object.entries(files)) writeFileSync(join(root, folder, name), text);
}

describe('scheduled days', () => {
  it('are the UK days of scheduled entries that are not drafts, sorted, each once', () => {
    write(articleFolders[0], {
      'a.md': entry({ publishDate: '2026-12-08', scheduled: true }),
      'b.md': entry({ publishDate: '2026-12-01', scheduled: true }),
      'c.md': entry({ publishDate: '2026-12-09', scheduled: true, draft: true }),
      'd.md': entry({ publishDate: '2026-12-10' }),
      'e.md': entry({ publishDate: '2026-12-11', scheduled: false }),
      'f.md': `---\npublishDate: 2027-01-02\nscheduled: true\n---\n\nUnquoted, as an editor writes it.`,
      'g.md': 'No front matter at all.',
      'h.md': '---\n: not: yaml: [\n---\n',
      'notes.txt': entry({ publishDate: '2027-05-05', scheduled: true }),
    });
    write(articleFolders[1], { 'study.md': entry({ publishDate: '2026-12-08', scheduled: true }) });
    expect(scheduledDaysIn(root)).toEqual(['2026-12-01', '2026-12-08', '2027-01-02']);
  });

  it('are none in a project without posts or case studies (git keeps no empty folder)', () => {
    expect(scheduledDaysIn(root)).toEqual([]);
  });

  it('fall due after the build’s day and on or before today', () => {
    expect(fellDueSince(['2026-12-08'], '2026-12-07', '2026-12-08')).toBe(true);
    expect(fellDueSince(['2026-12-08'], '2026-12-08', '2026-12-09')).toBe(false);
    expect(fellDueSince(['2026-12-08'], '2026-12-06', '2026-12-07')).toBe(false);
    expect(fellDueSince([], '2026-12-06', '2026-12-09')).toBe(false);
  });
});
