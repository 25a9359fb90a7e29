/** Reading a built site's files as a crawler would: HTML, head tags, JSON-LD, feed and sitemap. */
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { builtServiceRoutes } from '#tools/built-routes.ts';
import { htmlElements, type HtmlElement } from '#src/lib/build-time/html-elements.ts';

export { builtServiceRoutes };

/** The folder `npm start` serves to the browser tests (their web server built it before any test ran). */
export const servedDist = resolve(process.env.OUT_DIR ?? 'dist');

/** The service id a service page's route names: its last segment (`isServiceRoute` allows no other). */
export const serviceIdOf = (route: string) => route.slice(route.lastIndexOf('/') + 1);

/** Every element `name` of the page, in document order. */
export const elementsNamed = (html: string, name: string): HtmlElement[] =>
  htmlElements(html).filter((element) => element.name === name);

export function builtSite(dist: string) {
  const file = (route: string) => join(dist, route === '/' ? 'index.html' : `${route.slice(1)}.html`);
  const html = (route: string) => readFileSync(file(route), 'utf8');
  return {
    html,
    exists: (route: string) => existsSync(file(route)),
    read: (path: string) => readFileSync(join(dist, path)),
    /** Every file the build wrote, as paths from the site root. */
    files: () =>
      readdirSync(dist, { recursive: true, withFileTypes: true })
        .filter((entry) => entry.isFile())
        .map((entry) => join(entry.parentPath, entry.name).slice(dist.length)),
  };
}

/** The attributes of every tag `name` in the HTML, e.g. tags(html, 'link'). */
export const tags = (html: string, name: string): Readonly<Record<string, string>>[] =>
  elementsNamed(html, name).map(({ attributes }) => attributes);

export const metaContent = (html: string, key: string) =>
  tags(html, 'meta').find((tag) => tag['property'] === key || tag['name'] === key)?.['content'];

/** Every node of the page's JSON-LD graph. */
export function jsonLdNodes(html: string): Record<string, unknown>[] {
  return elementsNamed(html, 'script')
    .filter(({ attributes }) => attributes['type'] === 'application/ld+json')
    .flatMap(({ text }) => (JSON.parse(text) as { '@graph': Record<string, unknown>[] })['@graph']);
}

/** The text of every `<tag>` in an XML document (feed links, sitemap locations). */
export const xmlValues = (xml: string, tag: string) =>
  [...xml.matchAll(new RegExp(`<${tag}>([^<]*)</${tag}>`, 'g'))].map(([, value = '']) => value);
