/**
 * Path-by-path policies: Netlify's path matching, one Content-Security-Policy per response (the
 * public one everywhere but the editor's page), and the 404 page's copy of the policy.
 */
import { describe, expect, it } from 'vitest';
import { headersFor, pathPattern } from '@/lib/shared/headers-file';
import { baseHeaderRules } from '@/lib/shared/response-headers';
import { pageRules, withPolicyMeta } from '@/lib/shared/security-headers';

describe('pathPattern (Netlify path matching)', () => {
  it('matches exact paths with an optional trailing slash, ignoring case', () => {
    expect(pathPattern('/about').test('/about')).toBe(true);
    expect(pathPattern('/about').test('/about/')).toBe(true);
    expect(pathPattern('/about').test('/About')).toBe(true);
    expect(pathPattern('/about').test('/about/team')).toBe(false);
    expect(pathPattern('/').test('/')).toBe(true);
    expect(pathPattern('/').test('/about')).toBe(false);
  });

  it('lets a lone * match any rest, or nothing', () => {
    expect(pathPattern('/*').test('/')).toBe(true);
    expect(pathPattern('/*').test('/a/b/c.js')).toBe(true);
    expect(pathPattern('/admin/*').test('/admin')).toBe(true);
    expect(pathPattern('/admin/*').test('/admin/config.yml')).toBe(true);
  });

  it('lets :placeholder match exactly one segment', () => {
    const deeper = pathPattern('/:section/:page/*');
    expect(deeper.test('/services/shopify')).toBe(true);
    expect(deeper.test('/admin/config.yml')).toBe(true);
    expect(deeper.test('/a/b/c')).toBe(true);
    expect(deeper.test('/admin')).toBe(false);
    expect(deeper.test('/admin/')).toBe(false);
  });
});

describe('pageRules', () => {
  const publicPolicy = "default-src 'self'; frame-ancestors 'none'";
  const rules = [
    ...baseHeaderRules,
    ...pageRules({
      topLevelFiles: ['index.html', 'about.html', '404.html', 'admin.html', 'favicon.svg', '_headers'],
      publicPolicy,
      adminPath: '/admin',
    }),
  ];

  it('gives every public page exactly the public policy and no opener policy', () => {
    for (const path of [
      '/',
      '/index.html',
      '/about',
      '/about.html',
      '/404',
      '/favicon.svg',
      '/services/shopify',
      '/contact/sent',
      '/_astro/x.js',
    ]) {
      const headers = headersFor(path, rules);
      expect(headers['content-security-policy'], path).toBe(publicPolicy);
      expect(headers['cross-origin-opener-policy'], path).toBeUndefined();
      expect(headers['x-robots-tag'], path).toBeUndefined();
    }
  });

  // The editor's policy, as the rule for its exact path sets it.
  const adminPolicy = new Map(rules.find((rule) => rule.path === '/admin')!.headers).get(
    'Content-Security-Policy',
  )!;

  it('gives the editor only its own policy, a pop-up-friendly COOP and noindex', () => {
    for (const path of ['/admin', '/admin/', '/ADMIN']) {
      const headers = headersFor(path, rules);
      expect(headers['content-security-policy'], path).toBe(adminPolicy);
      expect(headers['cross-origin-opener-policy'], path).toBe('same-origin-allow-popups');
      expect(headers['x-robots-tag'], path).toBe('noindex, nofollow');
      expect(headers['x-frame-options'], path).toBe('DENY');
    }
    expect(headersFor('/admin/config.yml', rules)['x-robots-tag']).toBe('noindex, nofollow');
  });

  it('never lets two rules set a policy for the same path', () => {
    const setters = rules.filter((rule) => rule.headers.some(([name]) => name === 'Content-Security-Policy'));
    for (const path of [
      '/',
      '/about',
      '/admin',
      '/admin/',
      '/admin/config.yml',
      '/services/shopify',
      '/x/y/z',
    ]) {
      const matching = setters.filter((rule) => pathPattern(rule.path).test(path));
      expect(matching.length, path).toBe(1);
    }
  });

  it('lets the editor call GitHub and Netlify, and public pages neither', () => {
    const admin = adminPolicy;
    expect(admin).toContain("connect-src 'self' data: https://api.github.com https://api.netlify.com");
    expect(admin).toContain("script-src 'self';");
    expect(admin).toContain("frame-ancestors 'none'");
    expect(publicPolicy).not.toContain('github');
  });
});

describe('withPolicyMeta', () => {
  it('puts the policy, without frame-ancestors, right after the charset', () => {
    const html = '<!DOCTYPE html><html><head><meta charset="utf-8"><title>x</title>';
    expect(withPolicyMeta(html, "default-src 'self'; frame-ancestors 'none'; object-src 'none'")).toBe(
      '<!DOCTYPE html><html><head><meta charset="utf-8">' +
        `<meta http-equiv="Content-Security-Policy" content="default-src 'self'; object-src 'none'"><title>x</title>`,
    );
  });

  it('refuses a page without a charset', () => {
    expect(() => withPolicyMeta('<html>', "default-src 'self'")).toThrow(/charset/);
  });
});
