/**
 * Reading blog posts and case studies for pages: the visible ones (drafts only under `npm run dev`),
 * newest first, with their references checked. Astro only logs a reference to a missing founder or
 * service; here it fails the build, naming the file, the field and the missing entry.
 */
import { getCollection, getEntry, type CollectionEntry } from 'astro:content';
import { newestFirst, visibleArticles } from './articles.ts';

export type Post = CollectionEntry<'blog'>;
export type CaseStudy = CollectionEntry<'caseStudies'>;

const showDrafts = import.meta.env.DEV;

async function requireReference<C extends 'founders' | 'services'>(
  entry: { id: string; filePath?: string | undefined },
  field: string,
  reference: { collection: C; id: string },
) {
  const target = await getEntry(reference.collection, reference.id);
  if (target) return target as CollectionEntry<C>;
  const known = (await getCollection(reference.collection)).map((item) => item.id).join(', ');
  throw new Error(
    `${entry.filePath ?? entry.id}: ${field} "${reference.id}" is not in ${reference.collection} ` +
      `(src/content/${reference.collection}/ has: ${known})`,
  );
}

/** Published posts (and drafts in the preview), newest first, each with its author's entry. */
export async function getPosts() {
  const posts = newestFirst(visibleArticles(await getCollection('blog'), showDrafts));
  return Promise.all(
    posts.map(async (post) => ({
      ...post,
      author: await requireReference(post, 'author', post.data.author),
    })),
  );
}

/** Published case studies (and drafts in the preview), newest first, each with its service's entry. */
export async function getCaseStudies() {
  const studies = newestFirst(visibleArticles(await getCollection('caseStudies'), showDrafts));
  return Promise.all(
    studies.map(async (study) => ({
      ...study,
      service: await requireReference(study, 'service', study.data.service),
    })),
  );
}

export type PostWithAuthor = Awaited<ReturnType<typeof getPosts>>[number];
export type CaseStudyWithService = Awaited<ReturnType<typeof getCaseStudies>>[number];
