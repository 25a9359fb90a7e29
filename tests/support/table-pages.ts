/**
 * Where the table checks look, in Chromium (tests/e2e/no-js/tables.once.spec.ts) and in WebKit and
 * Firefox (tests/e2e/engines/tables.spec.ts), read once from the built site: every page with a
 * table, and a page of each kind whose text comes from Markdown (a legal page always; an article
 * once one is published), by the class its prose carries, where an editor's tables go.
 */
import { builtSite, servedDist } from './built-site.ts';
import { indexableRoutes } from './site.ts';

/** The narrowest screen the site is made for. */
export const narrowest = { width: 320, height: 640 };

const built = builtSite(servedDist);
const pages = indexableRoutes.map((path) => ({ path, html: built.html(path) }));

export const pagesWithTables = pages.filter(({ html }) => html.includes('<table')).map(({ path }) => path);

const proseKinds = ['prose-legal', 'article-prose'] as const;

export const markdownPages = proseKinds.flatMap((kind) => {
  const page = pages.find(({ html }) => new RegExp(`class="[^"]*\\b${kind}\\b`).test(html));
  return page ? [{ kind, path: page.path }] : [];
});
