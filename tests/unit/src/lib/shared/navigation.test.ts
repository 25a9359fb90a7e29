import { describe, expect, it } from 'vitest';
import {
  footerLinks,
  headerLinks,
  indexableRoutes,
  isCurrent,
  isInSection,
  routePath,
} from '@/lib/shared/navigation';
import { packagePlacement, servicePlacements } from '@/lib/shared/booking';

describe('navigation', () => {
  it('has the spec header and footer links', () => {
    expect(headerLinks.map((link) => link.label)).toEqual(['Home', 'Services', 'About', 'Contact']);
    expect(headerLinks[1]?.children?.map((link) => link.href)).toEqual([
      '/services/shopify',
      '/services/content',
      '/services/admin-appointment',
    ]);
    expect(footerLinks.map((link) => link.href)).toEqual(['/', '/services', '/about', '/contact']);
  });

  it('lists the eleven indexable routes once each', () => {
    expect(new Set(indexableRoutes).size).toBe(11);
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
    expect(packagePlacement('content', 1)).toBe('content_package_1');
    expect(packagePlacement('shopify', 3)).toBe('shopify_package_3');
  });

  it('refuses a position that is not a card', () => {
    expect(() => packagePlacement('content', 0)).toThrow(RangeError);
    expect(() => packagePlacement('admin-appointment', 1)).toThrow(/no package cards/);
  });

  it('gives each service its own footer and sticky labels', () => {
    expect(servicePlacements['admin-appointment'].sticky).toBe('admin_appointment_packages_sticky');
    expect(servicePlacements.shopify.custom).toBe('shopify_package_custom');
    expect(servicePlacements['admin-appointment'].quote).toBe('admin_appointment_free_quote');
    expect(servicePlacements.content.footer).toBe('content_packages_footer');
  });
});
