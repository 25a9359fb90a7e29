import { describe, expect, it } from 'vitest';
import {
  netlifyRedirects,
  redirectPage,
  redirectScript,
  redirectTarget,
  redirects,
} from '@/lib/shared/redirects';

// The spec's list (§2), written out here so a change to the source list is a visible test change.
const expected: Record<string, string> = {
  '/services/content-strategy': '/services/content',
  '/services/content-packages': '/services/content',
  '/services/content-old': '/services/content',
  '/services/shopify-packages': '/services/shopify',
  '/services/shopify-old': '/services/shopify',
  '/services/bpo': '/services/admin-appointment',
  '/services/outsourcing': '/services/admin-appointment',
  '/services/bpo-packages': '/services/admin-appointment',
  '/services/bpo-old': '/services/admin-appointment',
  '/services/seo-blog-production': '/services',
  '/services/blog-writing': '/services',
  '/services/seo-blog-packages': '/services',
  '/services/blogs-old': '/services',
};

describe('redirects', () => {
  it('holds exactly the 13 legacy paths of the spec', () => {
    expect(redirects).toEqual(expected);
  });

  it('finds a target with or without the trailing slash', () => {
    expect(redirectTarget('/services/bpo')).toBe('/services/admin-appointment');
    expect(redirectTarget('/services/bpo/')).toBe('/services/admin-appointment');
    expect(redirectTarget('/services/shopify')).toBeUndefined();
    expect(redirectTarget('/services/constructor')).toBeUndefined();
    expect(redirectTarget('/')).toBeUndefined();
  });

  it('writes forced 301 rules for both slash forms for Netlify', () => {
    const lines = netlifyRedirects().trim().split('\n');
    expect(lines).toHaveLength(26);
    expect(lines).toContain('/services/bpo /services/admin-appointment 301!');
    expect(lines).toContain('/services/bpo/ /services/admin-appointment 301!');
  });

  it('writes a fallback page that replaces the history entry and works without JavaScript', () => {
    const html = redirectPage('/services/content', 'https://www.agency.example/services/content');
    expect(html).toContain('<meta name="robots" content="noindex">');
    expect(html).toContain('<meta http-equiv="refresh" content="0;url=/services/content">');
    expect(html).toContain(`<script>${redirectScript('/services/content')}</script>`);
    expect(redirectScript('/services/content')).toBe('location.replace("/services/content")');
    expect(html).toContain('<a href="/services/content">');
    expect(html).toContain('<link rel="canonical" href="https://www.agency.example/services/content">');
  });
});
