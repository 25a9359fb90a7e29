/**
 * Site routes and the header/footer navigation built from them. Labels are the spec's.
 */
import { withoutTrailingSlash } from './paths.ts';
export interface NavLink {
  href: string;
  label: string;
  children?: readonly NavLink[];
}

const serviceLinks: readonly NavLink[] = [
  { href: '/services/shopify', label: 'Shopify Builds & Optimisation' },
  { href: '/services/content', label: 'Content & Copywriting' },
  { href: '/services/admin-appointment', label: 'Admin & Appointment Setting' },
];

export const headerLinks: readonly NavLink[] = [
  { href: '/', label: 'Home' },
  { href: '/services', label: 'Services', children: serviceLinks },
  { href: '/about', label: 'About' },
  { href: '/contact', label: 'Contact' },
];

export const footerLinks: readonly NavLink[] = headerLinks.map(({ href, label }) => ({ href, label }));

export const legalLinks: readonly NavLink[] = [
  { href: '/privacy', label: 'Privacy Policy' },
  { href: '/terms', label: 'Terms of Service' },
];

/** Every indexable route of the site (spec §2), in the order the sitemap lists them. */
export const indexableRoutes = [
  '/',
  '/services',
  '/services/shopify',
  '/services/content',
  '/services/admin-appointment',
  '/about',
  '/contact',
  '/blog',
  '/case-studies',
  '/privacy',
  '/terms',
] as const;

/**
 * The public route of a page from the path Astro builds it at: pages are written as
 * `about.html` and `index.html` but served, linked and canonicalised as `/about` and `/`.
 */
export function routePath(pathname: string): string {
  const clean = withoutTrailingSlash(pathname.replace(/\.html$/, '').replace(/\/index$/, '/'));
  return clean === '' ? '/' : clean;
}

/** True when `href` is the page being shown. */
export function isCurrent(href: string, pathname: string): boolean {
  return withoutTrailingSlash(href) === withoutTrailingSlash(pathname);
}

/** True when `pathname` is `href` or one of its sub-pages (highlights "Services" on a service page). */
export function isInSection(href: string, pathname: string): boolean {
  const base = withoutTrailingSlash(href);
  const path = withoutTrailingSlash(pathname);
  if (base === '/') return path === '/';
  return path === base || path.startsWith(`${base}/`);
}
