/**
 * The routes the bench measures and what each is graded on. Every indexable route of the build (the
 * service pages are the content's, in their `order`), then the pages a visitor reaches outside the
 * sitemap: the contact sent and error pages and the 404, measured at a missing path with its real
 * 404 status.
 *
 * Figures shown without a mark are not graded: SEO on those three pages (noindex by design fails
 * Lighthouse's crawlability audit), and on the 404 Best Practices, where Chrome itself logs the 404
 * status as a console error, and the back/forward cache, which Chromium keeps only for pages
 * answered with a 2xx status. The table prints every refusal of the cache with Chromium's reasons,
 * so the 404's shows it is its status alone.
 */
import { builtIndexableRoutes } from '../../tools/built-routes.ts';
import type { Metric } from './report.ts';

export const missingPath = '/a-page-that-does-not-exist';

/** The route as the table names it. */
export const routeLabel = (route: string) => (route === missingPath ? `404 (${route})` : route);

/** The `asked` routes (`--route`), or every route of the build in `dist`, and what each is not graded on. */
export function benchRoutes(dist: string, asked: readonly string[]) {
  const indexable = builtIndexableRoutes(dist);
  const routes =
    asked.length > 0 ? [...asked] : [...indexable, '/contact/sent', '/contact/error', missingPath];
  const notIndexed: Metric[] = ['seo'];
  const ungraded = (route: string): Metric[] =>
    indexable.includes(route)
      ? []
      : route === missingPath
        ? [...notIndexed, 'best-practices', 'bfCache']
        : notIndexed;
  return { routes, ungraded };
}
