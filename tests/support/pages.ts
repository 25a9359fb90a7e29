/**
 * Every page a visitor can land on, for sweeps across the whole site (headers, budgets, axe, the
 * WCAG checks): every URL of the built sitemap, so a new page, service or post is swept with no
 * test edit, plus the contact form's two result pages and a 404.
 */
import { existsSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';

/** The paths the built sitemap lists, in its order. */
export function sitemapPaths(dist = resolve(process.env.OUT_DIR ?? 'dist')): string[] {
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

/** What any part of analytics would leave in a page. */
export const analyticsTraces =
  /googletagmanager|google-analytics|clarity\.ms|dataLayer|gtag|data-consent|data-cookie-settings|ga-disable/;
