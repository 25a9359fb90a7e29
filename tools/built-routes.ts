/**
 * The indexable routes of a built site, in the site's order, for code that runs outside Astro and
 * so cannot read the services collection (the bench, the browser tests): the fixed routes of
 * src/lib/shared/routes.ts, with the service pages as the built header's services menu lists them.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, sep } from 'node:path';
import { htmlElements } from '../src/lib/build-time/html-elements.ts';
import { isNoindexPage } from '../src/lib/build-time/speculation-rules.ts';
import { indexableRoutes, isServiceRoute } from '../src/lib/shared/routes.ts';

/** The service pages of the build in `dist`, in their `order`. */
export function builtServiceRoutes(dist: string): string[] {
  const home = join(dist, 'index.html');
  const menu = existsSync(home)
    ? htmlElements(readFileSync(home, 'utf8')).find(({ attributes }) => attributes['id'] === 'services-menu')
    : undefined;
  if (!menu) throw new Error(`No services menu in ${home}: build the site first (npm run build)`);
  return menu.elements.map(({ attributes }) => attributes['href'] ?? '').filter(isServiceRoute);
}

/** Every indexable route of the build in `dist`, the service pages right after /services. */
export function builtIndexableRoutes(dist: string): string[] {
  return indexableRoutes(builtServiceRoutes(dist));
}

/**
 * The indexable pages of any static build in `dir` (another site's, for the bench's `--compare`):
 * every HTML file but its 404 page and those marked noindex (redirect stubs), as the path a
 * visitor asks for (`index.html` → `/`, `a.html` → `/a`), sorted. Our server maps a path to
 * `name.html`, as this site builds; a page built only as `a/index.html` (Astro's default) could
 * not be served, so it is refused with how to build it.
 */
export function htmlRoutes(dir: string): string[] {
  const files = readdirSync(dir, { recursive: true, encoding: 'utf8' }).map((file) =>
    file.split(sep).join('/'),
  );
  const pages = files.filter(
    (file) =>
      file.endsWith('.html') && file !== '404.html' && !isNoindexPage(readFileSync(join(dir, file), 'utf8')),
  );
  const nested = pages.find((file) => /.\/index\.html$/.test(file));
  if (nested)
    throw new Error(
      `${join(dir, nested)}: build the site with Astro's build.format 'file' (a.html, not a/index.html)`,
    );
  return pages.map((file) => `/${file.replace(/^index\.html$/, '').replace(/\.html$/, '')}`).sort();
}
