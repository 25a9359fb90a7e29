/**
 * Blog posts and case studies ("articles"): where they live, which are shown, in what order, and
 * the small facts a list or an entry page prints. Pure: src/lib/build-time/articles/article-entries.ts reads the
 * collections and passes them in.
 */
import { isFutureDay } from '../../shared/dates.ts';

export type ArticleKind = 'blog' | 'case-studies';

/** Where each kind's list starts: page 1 of the list, and the parent of every entry. */
export const articleBase: Readonly<Record<ArticleKind, string>> = {
  blog: '/blog',
  'case-studies': '/case-studies',
};

/** Entries per list page: `/blog` holds the newest ten, `/blog/2` the next ten. */
export const listPageSize = 10;

/** Case studies on the home page's "Recent work" strip. */
export const recentWorkCount = 3;

/** Words a visitor reads per minute, for "4 min read". */
const wordsPerMinute = 200;

/** What these helpers read of an entry (the front matter every article has). */
export interface ArticleLike {
  id: string;
  data: { title: string; publishDate: Date; draft: boolean; scheduled?: boolean; tags: readonly string[] };
}

/**
 * Entries a visitor may see: drafts, and scheduled entries before their day, only in the
 * `npm run dev` preview, never in a build.
 */
export function visibleArticles<T extends ArticleLike>(
  entries: readonly T[],
  showDrafts: boolean,
  today: Date,
): T[] {
  return entries.filter((entry) => showDrafts || !leftOutOfBuild(entry.data, today));
}

/** True for an entry a build leaves out: a draft, or one scheduled for a day still to come. */
export function leftOutOfBuild(
  data: { draft: boolean; scheduled?: boolean | undefined; publishDate: Date },
  today: Date,
): boolean {
  return data.draft || (data.scheduled === true && isFutureDay(data.publishDate, today));
}

/** Newest first; on the same day, by title, so the order never depends on the file system. */
export function newestFirst<T extends ArticleLike>(entries: readonly T[]): T[] {
  return [...entries].sort(
    (a, b) =>
      b.data.publishDate.getTime() - a.data.publishDate.getTime() || a.data.title.localeCompare(b.data.title),
  );
}

/** An entry's page, e.g. `/blog/faster-shopify`. A number-only file name would clash with the list's `/blog/2`. */
export function articlePath(kind: ArticleKind, id: string): string {
  if (/^\d+$/.test(id)) {
    throw new Error(
      `src/content/${kind}/${id}.md: a file name made only of digits clashes with page ${id} of the list; add a word`,
    );
  }
  return `${articleBase[kind]}/${id}`;
}

/** A tag as it appears in an address: "Shopify SEO" → "shopify-seo", "Café" → "cafe". */
function tagSlug(tag: string): string {
  const slug = tag
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
  if (!slug) throw new Error(`The tag "${tag}" needs at least one letter or digit`);
  return slug;
}

export const tagPath = (tag: string) => `${articleBase.blog}/tags/${tagSlug(tag)}`;

/** Every tag in use, each once (the first spelling met wins), with its entries newest first. */
export function entriesByTag<T extends ArticleLike>(
  entries: readonly T[],
): Map<string, { tag: string; entries: T[] }> {
  const byTag = new Map<string, { tag: string; entries: T[] }>();
  for (const entry of newestFirst(entries)) {
    for (const tag of new Set(entry.data.tags.map(tagSlug))) {
      const spelling = entry.data.tags.find((name) => tagSlug(name) === tag)!;
      const group = byTag.get(tag) ?? { tag: spelling, entries: [] };
      group.entries.push(entry);
      byTag.set(tag, group);
    }
  }
  return byTag;
}

/** Minutes to read a Markdown body, at least one. */
export function readingMinutes(markdown: string): number {
  const words = markdown
    .replace(/```[\s\S]*?```/g, ' ')
    .replace(/!?\[([^\]]*)\]\([^)]*\)/g, '$1')
    .match(/[\p{L}\p{N}][\p{L}\p{N}'’-]*/gu);
  return Math.max(1, Math.ceil((words?.length ?? 0) / wordsPerMinute));
}

/** The entries either side of one in a newest-first list: `older` is the previous one, `newer` the next. */
export function neighbours<T extends ArticleLike>(
  sorted: readonly T[],
  id: string,
): { older?: T | undefined; newer?: T | undefined } {
  const index = sorted.findIndex((entry) => entry.id === id);
  if (index === -1) throw new Error(`No entry "${id}" in the list`);
  return { older: sorted[index + 1], newer: index > 0 ? sorted[index - 1] : undefined };
}

/** True for a list page, tag list or entry of the blog or the case studies (all listed in the sitemap). */
export function isArticleRoute(path: string): boolean {
  return Object.values(articleBase).some((base) => path === base || path.startsWith(`${base}/`));
}
