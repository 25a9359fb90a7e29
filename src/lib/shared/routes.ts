/**
 * The site's routes: the one home of the order of the pages other than the services, and of where
 * a service's page lives. Each file in src/content/services/ is one page, /services/{file name},
 * listed in its `order`. Node imports this module (astro.config.mjs, the bench, the tests).
 */
import { withoutTrailingSlash } from './paths.ts';

/** The services overview; each service's page sits one level under it. */
export const servicesRoute = '/services';

/** The contact page: the form, the booking link and the agency's details. */
export const contactRoute = '/contact';

/** The indexable routes other than the service pages (spec §2), in the site's order. */
export const siteRoutes = [
  '/',
  servicesRoute,
  '/about',
  contactRoute,
  '/blog',
  '/case-studies',
  '/privacy',
  '/terms',
  '/accessibility',
] as const;

export type SiteRoute = (typeof siteRoutes)[number];

/** A service's page, named by its content file's id: `admin-appointment` → /services/admin-appointment. */
export const serviceRoute = (id: string) => `${servicesRoute}/${id}`;

/** The anchor of a service page's packages section. */
export const packagesAnchor = 'packages';

/**
 * Where the footer's partner badge leads: the Shopify page's packages. The spec's packages path
 * (/services/shopify-packages) redirects to that page; linking straight to it saves the 301 hop.
 */
export const partnerBadgeHref = `${serviceRoute('shopify')}#${packagesAnchor}`;

/** True for a service page's route. */
export function isServiceRoute(path: string): boolean {
  return /^[^/]+$/.test(path.startsWith(`${servicesRoute}/`) ? path.slice(servicesRoute.length + 1) : '');
}

/** The order services are listed in everywhere: by `order`, then by id where two share one. */
export const byServiceOrder = (a: { id: string; order: number }, b: { id: string; order: number }) =>
  a.order - b.order || a.id.localeCompare(b.id);

/**
 * Every indexable route (spec §2) in the site's order: the service pages, given in their `order`,
 * right after the services overview.
 */
export function indexableRoutes(serviceRoutes: readonly string[]): string[] {
  return siteRoutes.flatMap((route) => (route === servicesRoute ? [route, ...serviceRoutes] : [route]));
}

/**
 * The public route of a page from the path Astro builds it at: pages are written as
 * `about.html` and `index.html` but served, linked and canonicalised as `/about` and `/`.
 */
export function routePath(pathname: string): string {
  const clean = withoutTrailingSlash(pathname.replace(/\.html$/, '').replace(/\/index$/, '/'));
  return clean === '' ? '/' : clean;
}
