/**
 * The indexable routes of a built site, in the site's order, for code that runs outside Astro and
 * so cannot read the services collection (the bench, the browser tests): the fixed routes of
 * src/lib/shared/routes.ts, with the service pages as the built header's services menu lists them.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { htmlElements } from '../src/lib/build-time/html-elements.ts';
import { indexableRoutes, isServiceRoute } from '../src/lib/shared/routes.ts';

/** The service pages of the build in `dist`, in their `order`. */
function builtServiceRoutes(dist: string): string[] {
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
