/**
 * Everything a page puts in its <head>, built as plain data so it can be unit-tested and rendered
 * by one component (Seo.astro). URLs are made absolute from the configured site origin because
 * crawlers and chat apps do not resolve relative share-image URLs.
 */
import { withoutTrailingSlash } from '../shared/paths.ts';
import { articleBase, type ArticleKind } from './articles/articles.ts';

const isUnder = (path: string, base: string) => path === base || path.startsWith(`${base}/`);

export interface ShareImage {
  /** Path under the site root, e.g. "/og/default.png". */
  path: string;
  alt: string;
  width: number;
  height: number;
}

export interface HeadInput {
  /** The page's own title, e.g. "About"; the brand is appended. */
  title: string;
  description: string;
  /** The page's path, e.g. "/services/shopify". */
  path: string;
  /** Keep the page out of search results (404, redirects, form outcome pages). */
  noindex?: boolean;
  image?: ShareImage;
  jsonLd?: readonly object[];
  /** An article's dates and tags: the page is shared as an Open Graph `article`. */
  article?: ArticleMeta;
  /** Neighbouring pages of a paginated list, as site paths. */
  pagination?: { prev?: string | undefined; next?: string | undefined };
}

export interface ArticleMeta {
  /** ISO 8601 dates, e.g. 2026-11-23. */
  publishedTime: string;
  modifiedTime?: string | undefined;
  tags?: readonly string[];
}

interface LinkTag {
  rel: string;
  href: string;
  type?: string;
  title?: string;
}

interface SiteIdentity {
  brand: string;
  url: string;
  locale: string;
}

/**
 * The feeds: the blog's, named in every page's head so feed readers find it from any page, and the
 * case studies', named on their pages (src/lib/build-time/articles/feed.ts writes both).
 */
export const feeds: Readonly<Record<ArticleKind, { path: string; title: string }>> = {
  blog: { path: '/rss.xml', title: 'blog' },
  'case-studies': { path: '/case-studies/rss.xml', title: 'case studies' },
};

export const feedTitle = (kind: ArticleKind, brand: string) => `${brand} ${feeds[kind].title}`;

const feedLink = (kind: ArticleKind, identity: SiteIdentity): LinkTag => ({
  rel: 'alternate',
  type: 'application/rss+xml',
  title: feedTitle(kind, identity.brand),
  href: absoluteUrl(feeds[kind].path, identity.url),
});

interface MetaTag {
  name?: string;
  property?: string;
  content: string;
}

export interface HeadData {
  title: string;
  description: string;
  canonical?: string;
  robots: string;
  meta: MetaTag[];
  links: LinkTag[];
  jsonLd: object[];
}

const defaultShareImage: ShareImage = {
  path: '/og/default.png',
  alt: 'Building brands that scale',
  width: 1200,
  height: 630,
};

/** Absolute URL for a site path; trailing slashes are dropped to match the built routes. */
export function absoluteUrl(path: string, origin: string): string {
  if (!path.startsWith('/')) throw new Error(`A site path must start with "/": ${path}`);
  return new URL(withoutTrailingSlash(path), origin).href;
}

export function pageTitle(title: string, brand: string): string {
  return `${title} | ${brand}`;
}

export function buildHead(input: HeadInput, identity: SiteIdentity): HeadData {
  const title = pageTitle(input.title, identity.brand);
  const image = input.image ?? { ...defaultShareImage, alt: `${identity.brand}: ${defaultShareImage.alt}` };
  const imageUrl = absoluteUrl(image.path, identity.url);
  const url = absoluteUrl(input.path, identity.url);
  const ogLocale = identity.locale.replace('-', '_');

  const meta: MetaTag[] = [
    { name: 'description', content: input.description },
    { property: 'og:type', content: input.article ? 'article' : 'website' },
    { property: 'og:site_name', content: identity.brand },
    { property: 'og:locale', content: ogLocale },
    { property: 'og:title', content: title },
    { property: 'og:description', content: input.description },
    { property: 'og:url', content: url },
    { property: 'og:image', content: imageUrl },
    { property: 'og:image:width', content: String(image.width) },
    { property: 'og:image:height', content: String(image.height) },
    { property: 'og:image:alt', content: image.alt },
    // X reads og:title, og:description and og:image when its own tags are absent: only the card
    // type has no Open Graph twin, so the page carries no second copy of the others.
    { name: 'twitter:card', content: 'summary_large_image' },
    ...articleTags(input.article),
  ];
  const { prev, next } = input.pagination ?? {};
  const links: LinkTag[] = [
    ...(prev ? [{ rel: 'prev', href: absoluteUrl(prev, identity.url) }] : []),
    ...(next ? [{ rel: 'next', href: absoluteUrl(next, identity.url) }] : []),
    feedLink('blog', identity),
    ...(isUnder(input.path, articleBase['case-studies']) ? [feedLink('case-studies', identity)] : []),
  ];

  return {
    title,
    description: input.description,
    // A page kept out of the index has no canonical of its own to point at.
    canonical: input.noindex ? undefined : url,
    robots: input.noindex ? 'noindex, follow' : 'index, follow',
    meta,
    links,
    jsonLd: [...(input.jsonLd ?? [])],
  };
}

/** Open Graph's article properties: the dates (read by src/integrations/share-images.ts too) and tags. */
function articleTags(article: ArticleMeta | undefined): MetaTag[] {
  if (!article) return [];
  return [
    { property: 'article:published_time', content: article.publishedTime },
    ...(article.modifiedTime ? [{ property: 'article:modified_time', content: article.modifiedTime }] : []),
    ...(article.tags ?? []).map((tag) => ({ property: 'article:tag', content: tag })),
  ];
}

/** JSON for a <script type="application/ld+json">, safe against "</script>" in copy. */
export function serialiseJsonLd(data: object): string {
  return JSON.stringify(data).replace(/</g, '\\u003c');
}
