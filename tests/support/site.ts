/** What each route shows, from the content files: the expectations the browser tests check against. */
import { resolve } from 'node:path';
import { site } from '../../src/site.config.ts';
import { builtIndexableRoutes } from '../../scripts/built-routes.ts';
import { content } from './content.ts';

export { site };
export { specRedirectPairs, specRedirects } from './redirects.ts';

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

export const absolute = (path: string) => new URL(path === '/' ? '/' : path, site.url).href;
