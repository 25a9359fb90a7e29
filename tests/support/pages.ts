/**
 * Every page a visitor can land on, for sweeps across the whole site (headers, links, valid HTML):
 * every URL of the built sitemap, so a new page, service or post is swept with no test edit, plus
 * the contact form's two result pages and a 404. The sweeps that load each page in a browser
 * (budgets, axe, the WCAG checks, the keyboard walk, the footer, analytics, speculation rules) take
 * `browserSweepPages`.
 */
import { existsSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { articleBase, isArticleRoute, newestFirst, tagPath } from '#src/lib/build-time/articles/articles.ts';
import { articleLike, content, isPublished, type ArticleCopy } from './content.ts';
import { servedDist } from './built-site.ts';

/** The paths the built sitemap lists, in its order. */
export function sitemapPaths(dist = servedDist): string[] {
  const index = resolve(dist, 'sitemap-index.xml');
  if (!existsSync(index)) throw new Error(`No ${index}: build the site first (npm run build)`);
  const locations = (xml: string) => [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => match[1]!);
  return locations(readFileSync(index, 'utf8')).flatMap((sitemap) =>
    locations(readFileSync(resolve(dist, new URL(sitemap).pathname.slice(1)), 'utf8')).map(
      (page) => new URL(page).pathname,
    ),
  );
}

export const sweepPages = [
  ...sitemapPaths().map((path) => ({ path, status: 200 })),
  { path: '/contact/sent', status: 200 },
  { path: '/contact/error', status: 200 },
  { path: '/no-such-page', status: 404 },
];

/** How many of each kind's newest entries the browser sweeps load. */
const newestSwept = 3;

/** The newest published entries of a kind, in the lists' order (src/lib/build-time/articles/). */
const newest = (entries: ArticleCopy[]) =>
  newestFirst(entries.filter((entry) => isPublished(entry)).map(articleLike)).slice(0, newestSwept);

/**
 * The pages the browser sweeps load: every page but the articles', and of those each kind's first
 * two list pages and its newest three entries, with their tag pages. Entries share one layout; an
 * entry's own text is checked at build (src/lib/build-time/content-checks/), and each entry is swept
 * while it is among the newest, that is when it is published. So a year of posts adds nothing to
 * the suite's time, where every post at both sizes would add seconds each.
 */
export const browserSweepPages = (() => {
  const posts = newest(content.posts);
  const kept = new Set([
    ...Object.values(articleBase).flatMap((base) => [base, `${base}/2`]),
    ...posts.map((post) => post.id),
    ...posts.flatMap((post) => post.data.tags.map(tagPath)),
    ...newest(content.caseStudies).map((study) => study.id),
  ]);
  return sweepPages.filter(({ path }) => !isArticleRoute(path) || kept.has(path));
})();

/** What any part of analytics would leave in a page. */
export const analyticsTraces =
  /googletagmanager|google-analytics|clarity\.ms|dataLayer|gtag|data-consent|data-cookie-settings|ga-disable/;
