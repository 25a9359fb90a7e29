/**
 * The days scheduled posts and case studies go live, read from their files' front matter as the
 * build reads it (`scheduled: true`, not a draft, its `publishDate`), in the site's UK days
 * (src/lib/shared/dates.ts). `npm start` rebuilds after midnight on such a day
 * (server/scheduled-rebuild.ts) and on Netlify a scheduled function calls the build hook
 * (functions/scheduled-rebuild.mts, which has these files bundled with it).
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse } from 'yaml';
import { isoDay } from './dates.ts';

/** The folders of posts and case studies, relative to the project. */
export const articleFolders = ['src/content/blog', 'src/content/case-studies'] as const;

function frontMatter(text: string): Record<string, unknown> {
  const found = /^---\r?\n([\s\S]*?)\r?\n---/.exec(text.replace(/^\uFEFF/, ''));
  try {
    const data: unknown = found ? parse(found[1]!) : undefined;
    return data && typeof data === 'object' ? (data as Record<string, unknown>) : {};
  } catch {
    // A file the build would refuse is the build's to report, not the scheduler's.
    return {};
  }
}

/** The UK days the scheduled entries among these Markdown texts go live, sorted, each once. */
function scheduledDays(texts: readonly string[]): string[] {
  const days = new Set<string>();
  for (const text of texts) {
    const data = frontMatter(text);
    if (data['scheduled'] !== true || data['draft'] === true) continue;
    const published = data['publishDate'];
    const date = published instanceof Date ? published : new Date(String(published));
    if (!Number.isNaN(date.getTime())) days.add(isoDay(date));
  }
  return [...days].sort();
}

/** The scheduled days of the posts and case studies under `root` (a project, or a function's bundle). */
export function scheduledDaysIn(root: string): string[] {
  const texts = articleFolders.flatMap((folder) => {
    const dir = join(root, folder);
    // Git keeps no empty folder: a copy with no posts has none.
    if (!existsSync(dir)) return [];
    const names = readdirSync(dir, { withFileTypes: true }).filter(
      (entry) => entry.isFile() && entry.name.endsWith('.md'),
    );
    return names.map((entry) => readFileSync(join(dir, entry.name), 'utf8'));
  });
  return scheduledDays(texts);
}

/** True when an entry went live after the UK day `builtDay` and on or before `today`. */
export const fellDueSince = (days: readonly string[], builtDay: string, today: string) =>
  days.some((day) => day > builtDay && day <= today);
