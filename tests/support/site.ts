/** What each route shows, from the content files: the expectations the browser tests check against. */
import { resolve } from 'node:path';
import { site } from '../../src/site.config.ts';
import { builtIndexableRoutes } from '../../scripts/built-routes.ts';
import { content } from './content.ts';

export { site };

/** The built site's indexable routes, service pages included, in the site's order. */
export const indexableRoutes = builtIndexableRoutes(resolve(process.env.OUT_DIR ?? 'dist'));

export interface RouteExpectation {
  path: string;
  h1: string;
  title: string;
}

/** Each page's h1 and full title, as its content file gives them. */
export const routes: RouteExpectation[] = content.routes.map(({ path, h1, title }) => ({
  path,
  h1,
  title: `${title} | ${site.brand}`,
}));

/** The services menu as the services' content files name it: [label, href] by `order`. */
export const serviceLinks = content.serviceLinks;

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

export const absolute = (path: string) => new URL(path === '/' ? '/' : path, site.url).href;
