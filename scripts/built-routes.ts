/**
 * The indexable routes of a built site, in the site's order, for code that runs outside Astro and
 * so cannot read the services collection (the bench, the browser tests): the fixed routes of
 * src/lib/shared/routes.ts, with the service pages as the built header's services menu lists them.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { indexableRoutes, isServiceRoute } from '../src/lib/shared/routes.ts';

/** The service pages of the build in `dist`, in their `order`. */
export function builtServiceRoutes(dist: string): string[] {
  const home = join(dist, 'index.html');
  const menu = existsSync(home)
    ? /\bid="services-menu"[\s\S]*?<\/ul>/.exec(readFileSync(home, 'utf8'))?.[0]
    : '';
  if (!menu) throw new Error(`No services menu in ${home}: build the site first (npm run build)`);
  return [...menu.matchAll(/\bhref="([^"]*)"/g)].map(([, href = '']) => href).filter(isServiceRoute);
}

/** Every indexable route of the build in `dist`, the service pages right after /services. */
export function builtIndexableRoutes(dist: string): string[] {
  return indexableRoutes(builtServiceRoutes(dist));
}
