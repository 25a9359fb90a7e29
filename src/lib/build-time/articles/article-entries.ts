/**
 * Reading blog posts and case studies for pages: the visible ones (drafts only under `npm run dev`),
 * newest first, with their references resolved. Astro only logs a reference to a missing founder
 * or service; here it fails the build, naming the file, the field and the missing entry, every
 * broken reference of both collections at once.
 */
import { getCollection, getEntry, type CollectionEntry } from 'astro:content';
import { newestFirst, visibleArticles } from './articles.ts';
import { publishingNow } from '../../shared/build-config.ts';

// By mode, not NODE_ENV: `astro build` is always production, even run from a test runner's environment.
const showDrafts = import.meta.env.MODE === 'development';

type Referenced = 'founders' | 'services';
interface Reference<C extends Referenced> {
  collection: C;
  id: string;
}

async function resolve<C extends Referenced>(reference: Reference<C>) {
  return (await getEntry(reference.collection, reference.id)) as CollectionEntry<C> | undefined;
}

async function loadArticles() {
  const today = publishingNow();
  const posts = newestFirst(visibleArticles(await getCollection('blog'), showDrafts, today));
  const studies = newestFirst(visibleArticles(await getCollection('caseStudies'), showDrafts, today));
  const problems: string[] = [];
  const check = async <C extends Referenced>(
    entry: { id: string; filePath?: string | undefined },
    field: string,
    reference: Reference<C>,
  ) => {
    const target = await resolve(reference);
    if (target) return target;
    const known = (await getCollection(reference.collection)).map((item) => item.id).join(', ');
    problems.push(
      `${entry.filePath ?? entry.id}: ${field}: "${reference.id}" is not in ${reference.collection} ` +
        `(src/content/${reference.collection}/ has: ${known})`,
    );
    return undefined;
  };
  const withAuthors = await Promise.all(
    posts.map(async (post) => ({ ...post, author: await check(post, 'author', post.data.author) })),
  );
  const withServices = await Promise.all(
    studies.map(async (study) => ({ ...study, service: await check(study, 'service', study.data.service) })),
  );
  if (problems.length > 0) throw new Error(`Broken references:\n${problems.join('\n')}`);
  return {
    posts: withAuthors.map((post) => ({ ...post, author: post.author! })),
    caseStudies: withServices.map((study) => ({ ...study, service: study.service! })),
  };
}

let loaded: ReturnType<typeof loadArticles> | undefined;
// Read once per build (every page asks); the dev server reads afresh, so edits show on reload.
const articles = () => (showDrafts ? loadArticles() : (loaded ??= loadArticles()));

/** Published posts (and drafts in the preview), newest first, each with its author's entry. */
export const getPosts = async () => (await articles()).posts;

/** Published case studies (and drafts in the preview), newest first, each with its service's entry. */
export const getCaseStudies = async () => (await articles()).caseStudies;

export type PostWithAuthor = Awaited<ReturnType<typeof getPosts>>[number];
export type CaseStudyWithService = Awaited<ReturnType<typeof getCaseStudies>>[number];
