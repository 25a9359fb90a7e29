/**
 * What the page of a post or a case study needs besides its own fields: the paths the build
 * generates (with links to the neighbouring entries), the list's words, the breadcrumb, the reading
 * time and the picture its structured data names. Shared by src/pages/blog/[slug].astro and
 * src/pages/case-studies/[slug].astro.
 */
import type { ImageMetadata } from 'astro';
import { representativeImage } from './article-images.ts';
import {
  articleBase,
  articlePath,
  neighbours,
  readingMinutes,
  type ArticleKind,
  type ArticleLike,
} from './articles.ts';
import { getRequiredEntry } from '../content/entries.ts';
import { fillPlaceholders } from '../../shared/placeholders.ts';

/** One static path per entry, each with the entries either side (for "Previous" / "Next"). */
export function entryPaths<T extends ArticleLike>(kind: ArticleKind, entries: readonly T[]) {
  const link = (entry: T | undefined) =>
    entry && { href: articlePath(kind, entry.id), title: entry.data.title };
  return entries.map((entry) => {
    const { older, newer } = neighbours(entries, entry.id);
    return { params: { slug: entry.id }, props: { entry, older: link(older), newer: link(newer) } };
  });
}

export async function entryPage(
  kind: ArticleKind,
  entry: {
    id: string;
    body?: string | undefined;
    data: { title: string; cover?: ImageMetadata | undefined };
  },
) {
  const { data: list } = await getRequiredEntry('listPages', kind);
  const copy = list.published;
  const path = articlePath(kind, entry.id);
  return {
    copy,
    path,
    breadcrumb: [
      { label: 'Home', href: '/' },
      { label: list.heading, href: articleBase[kind] },
      { label: entry.data.title },
    ],
    readingTime: fillPlaceholders(copy.readingTime, { minutes: String(readingMinutes(entry.body ?? '')) }),
    image: await representativeImage(path, entry.data.cover),
  };
}

export type EntryPage = Awaited<ReturnType<typeof entryPage>>;
