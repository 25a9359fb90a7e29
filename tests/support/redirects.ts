/** The spec's legacy redirects (§2), apart from site.ts so that reading them needs no build. */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseRedirectsFile, type RedirectTable } from '#src/lib/shared/redirects.ts';
import { servedDist } from './built-site.ts';

/**
 * The legacy paths of spec §2 as the spec lists them: each page and the old paths that lead to it.
 * The spec is what the redirects are checked against, never the source list itself.
 */
export const specRedirects: Readonly<Record<string, readonly string[]>> = {
  '/services/content': ['/services/content-strategy', '/services/content-packages', '/services/content-old'],
  '/services/shopify': ['/services/shopify-packages', '/services/shopify-old'],
  '/services/admin-appointment': [
    '/services/bpo',
    '/services/outsourcing',
    '/services/bpo-packages',
    '/services/bpo-old',
  ],
  '/services': [
    '/services/seo-blog-production',
    '/services/blog-writing',
    '/services/seo-blog-packages',
    '/services/blogs-old',
  ],
};

/** The spec's redirects as [legacy path, page] pairs. */
export const specRedirectPairs = Object.entries(specRedirects).flatMap(([to, froms]) =>
  froms.map((from) => [from, to] as const),
);

/** The redirects of the build the browser tests run against, as both hosts read them (`_redirects`). */
export function builtRedirects(dist = servedDist): RedirectTable {
  return parseRedirectsFile(readFileSync(join(dist, '_redirects'), 'utf8'));
}
