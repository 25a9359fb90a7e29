/**
 * The header, services menu, phone menu and footer links. Labels are the spec's; each service's is
 * its card title, from its content file, in `order` (the build's `virtual:service-links` module,
 * src/integrations/service-links.ts). So only code Vite builds (pages, components, islands)
 * imports this file; Node code takes routes from routes.ts.
 */
import { withoutTrailingSlash } from './paths.ts';
import { serviceLinks } from 'virtual:service-links';

export interface NavLink {
  href: string;
  label: string;
  children?: readonly NavLink[];
}

export { serviceLinks };

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
  { href: '/accessibility', label: 'Accessibility' },
];

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
