/** Posts and case studies as a list shows them: one shape for both, so one list component serves both. */
import type { ImageMetadata } from 'astro';
import type { CaseStudyWithService, PostWithAuthor } from './article-entries.ts';
import { articlePath } from './articles.ts';

export interface ListedArticle {
  href: string;
  title: string;
  description: string;
  publishDate: Date;
  /** The author (posts) or the client (case studies). */
  byline: string;
  cover?: ImageMetadata | undefined;
  coverAlt?: string | undefined;
  draft: boolean;
}

const listed = (
  href: string,
  byline: string,
  data: Omit<ListedArticle, 'href' | 'byline'>,
): ListedArticle => ({
  href,
  title: data.title,
  description: data.description,
  publishDate: data.publishDate,
  byline,
  cover: data.cover,
  coverAlt: data.coverAlt,
  draft: data.draft,
});

export const listedPost = (post: PostWithAuthor) =>
  listed(articlePath('blog', post.id), post.author.data.name, post.data);

export const listedCaseStudy = (study: CaseStudyWithService) =>
  listed(articlePath('case-studies', study.id), study.data.client, study.data);
