import { describe, expect, it } from 'vitest';
import { footerLinks, headerLinks, isCurrent, isInSection, serviceLinks } from '@/lib/shared/navigation';
import { indexableRoutes, routePath } from '@/lib/shared/routes';
import { servicePlacements } from '@/lib/shared/booking';
import { content } from '#support/content.ts';

describe('navigation', () => {
  it('has the spec header and footer links', () => {
    expect(headerLinks.map((link) => link.label)).toEqual(['Home', 'Services', 'About', 'Contact']);
    // The services menu: each service's card title and page, by `order`, from its content file.
    expect(headerLinks[1]?.children?.map((link) => [link.label, link.href])).toEqual(
      content.serviceLinks.map(([label, href]) => [label, href]),
    );
    expect(footerLinks.map((link) => link.href)).toEqual(['/', '/services', '/about', '/contact']);
  });

  it('lists the indexable routes once each, the services by order after /services', () => {
    const routes = indexableRoutes(serviceLinks.map((link) => link.href));
    expect(new Set(routes).size).toBe(routes.length);
    expect(routes).toEqual([
      '/',
      '/services',
      ...content.services.map((service) => service.route),
      '/about',
      '/contact',
      '/blog',
      '/case-studies',
      '/privacy',
      '/terms',
      '/accessibility',
    ]);
  });

  it('marks the current page exactly', () => {
    expect(isCurrent('/about', '/about')).toBe(true);
    expect(isCurrent('/about', '/about/')).toBe(true);
    expect(isCurrent('/services', '/services/shopify')).toBe(false);
  });

  it('maps built file paths to public routes', () => {
    expect(routePath('/about.html')).toBe('/about');
    expect(routePath('/index.html')).toBe('/');
    expect(routePath('/services/index.html')).toBe('/services');
    expect(routePath('/services/shopify')).toBe('/services/shopify');
    expect(routePath('/contact/')).toBe('/contact');
    expect(routePath('/')).toBe('/');
  });

  it('highlights a section on its sub-pages, but Home only on home', () => {
    expect(isInSection('/services', '/services/shopify')).toBe(true);
    expect(isInSection('/services', '/servicesx')).toBe(false);
    expect(isInSection('/', '/about')).toBe(false);
    expect(isInSection('/', '/')).toBe(true);
  });
});

describe('booking placements', () => {
  it('labels package cards by their 1-based position', () => {
    expect(servicePlacements('content').package(1)).toBe('content_package_1');
    expect(servicePlacements('shopify').package(3)).toBe('shopify_package_3');
  });

  it('refuses a position that is not a card', () => {
    expect(() => servicePlacements('content').package(0)).toThrow(RangeError);
    expect(() => servicePlacements('shopify').package(1.5)).toThrow(RangeError);
  });

  it('gives each service its own footer and sticky labels', () => {
    expect(servicePlacements('admin-appointment').sticky).toBe('admin_appointment_packages_sticky');
    expect(servicePlacements('shopify').custom).toBe('shopify_package_custom');
    expect(servicePlacements('admin-appointment').quote).toBe('admin_appointment_free_quote');
    expect(servicePlacements('content').footer).toBe('content_packages_footer');
  });
});
