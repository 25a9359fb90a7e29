/**
 * Structured data of a blog post (`BlogPosting`, written by a founder) and a case study (`Article`,
 * by the agency, about one of its services), each with its breadcrumb trail. Pure, like
 * src/lib/build-time/structured-data/structured-data.ts, whose ids the nodes share: the author is the same person the about
 * page describes, the publisher the organisation every page describes.
 */
import type { ArticleLeaf, BlogPostingLeaf, IdReference, PersonLeaf } from 'schema-dts';
import { absoluteUrl } from '../head.ts';
import { isoDay } from '../../shared/dates.ts';
import { breadcrumbList, ids, pageUrl, type Crumb, type SiteSettings } from './structured-data.ts';

/** Where the founders are described (src/pages/about.astro), the anchor of each person's @id. */
const aboutPath = '/about';

export interface ArticleContent {
  title: string;
  description: string;
  publishDate: Date;
  updatedDate?: Date | undefined;
  tags: readonly string[];
  /** Site path of the picture that represents it: the cover, or its share image. */
  image: string;
  /** The page's path, e.g. /blog/faster-shopify. */
  path: string;
  breadcrumb: readonly Crumb[];
}

const ref = (id: string): IdReference => ({ '@id': id });

function articleFields(content: ArticleContent, settings: SiteSettings) {
  const page = pageUrl(content.path, settings.url);
  return {
    '@id': `${page}#article`,
    headline: content.title,
    description: content.description,
    url: page,
    mainEntityOfPage: page,
    image: absoluteUrl(content.image, settings.url),
    datePublished: isoDay(content.publishDate),
    dateModified: isoDay(content.updatedDate ?? content.publishDate),
    inLanguage: settings.locale,
    ...(content.tags.length > 0 && { keywords: content.tags.join(', ') }),
    publisher: ref(ids.organisation(settings.url)),
    isPartOf: ref(ids.website(settings.url)),
  };
}

/** A founder as a post's author: the same @id as on the about page. */
function authorPerson(founder: { id: string; name: string }, settings: SiteSettings): PersonLeaf {
  const about = pageUrl(aboutPath, settings.url);
  return {
    '@type': 'Person',
    '@id': ids.person(about, founder.id),
    name: founder.name,
    url: about,
    worksFor: ref(ids.organisation(settings.url)),
  };
}

export function blogPostingNodes(
  content: ArticleContent,
  author: { id: string; name: string },
  settings: SiteSettings,
): object[] {
  const posting: BlogPostingLeaf = {
    '@type': 'BlogPosting',
    ...articleFields(content, settings),
    author: authorPerson(author, settings),
  };
  return [posting, breadcrumbList(content.breadcrumb, content.path, settings.url)];
}

/** `service`: the service page's path, e.g. /services/shopify (its Service node's @id). */
export function caseStudyNodes(content: ArticleContent, service: string, settings: SiteSettings): object[] {
  const article: ArticleLeaf = {
    '@type': 'Article',
    ...articleFields(content, settings),
    author: ref(ids.organisation(settings.url)),
    about: ref(ids.service(pageUrl(service, settings.url))),
  };
  return [article, breadcrumbList(content.breadcrumb, content.path, settings.url)];
}
