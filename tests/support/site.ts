/** What each route shows, from the content files: the expectations the browser tests check against. */
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { parse } from 'yaml';
import { site } from '#src/site.config.ts';
import { builtIndexableRoutes } from '#tools/built-routes.ts';
import { content } from './content.ts';
import { servedDist } from './built-site.ts';

export { site };
export { specRedirectPairs, specRedirects } from './redirects.ts';

/** The built site's indexable routes, service pages included, in the site's order. */
export const indexableRoutes = builtIndexableRoutes(servedDist);

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

/** The accessibility statement's content file: its front matter, and its Markdown below. */
export function accessibilityStatement() {
  const file = readFileSync(resolve('src/content/accessibility/statement.md'), 'utf8');
  const [, frontMatter = '', body = ''] = file.split(/^---$/m);
  return { data: parse(frontMatter) as Record<string, unknown> & { title: string }, body };
}

export const absolute = (path: string) => new URL(path === '/' ? '/' : path, site.url).href;
