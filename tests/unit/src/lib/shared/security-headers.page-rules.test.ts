/**
 * Path-by-path policies: Netlify's path matching, one Content-Security-Policy per response (each
 * page's own, the editor's for its page), and the 404 page's copy of its policy.
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
  const policyWith = (hash: string) =>
    `default-src 'self'; script-src 'self' '${hash}'; frame-ancestors 'none'`;
  // Each built file, its policy, and the paths that serve it as it is.
  const built = [
    { file: 'index.html', policy: policyWith('home'), paths: ['/', '/index.html'] },
    { file: 'about.html', policy: policyWith('about'), paths: ['/about', '/about/', '/about.html'] },
    { file: '404.html', policy: policyWith('missing'), paths: ['/404', '/404.html'] },
    {
      file: 'services/shopify.html',
      policy: policyWith('shopify'),
      paths: ['/services/shopify', '/services/shopify/', '/services/shopify.html'],
    },
    { file: 'contact/sent.html', policy: policyWith('sent'), paths: ['/contact/sent', '/contact/sent.html'] },
    {
      file: 'services/old/index.html',
      policy: policyWith('stub'),
      paths: ['/services/old', '/services/old/', '/services/old/index.html'],
    },
  ];
  const pages = built.map(({ file, policy }) => ({ file, policy }));
  const filesPolicy = "default-src 'self'; frame-ancestors 'none'";
  const rules = [
    ...baseHeaderRules,
    ...pageRules({
      pages,
      topLevelFiles: ['index.html', 'about.html', '404.html', 'admin.html', 'favicon.svg', '_headers'],
      filesPolicy,
      adminPath: '/admin',
    }),
  ];

  it('gives every page its own policy, under each path that serves it, and no opener policy', () => {
    for (const { paths, policy } of built)
      for (const path of paths) {
        const headers = headersFor(path, rules);
        expect(headers['content-security-policy'], path).toBe(policy);
        expect(headers['cross-origin-opener-policy'], path).toBeUndefined();
        expect(headers['x-robots-tag'], path).toBeUndefined();
      }
  });

  it('gives the other top-level files a policy that allows no inline code', () => {
    expect(headersFor('/favicon.svg', rules)['content-security-policy']).toBe(filesPolicy);
    expect(headersFor('/_headers', rules)['content-security-policy']).toBeUndefined();
  });

  it('leaves unknown paths to the 404 page’s own <meta> policy', () => {
    for (const path of ['/nope', '/services/nope', '/x/y/z'])
      expect(headersFor(path, rules)['content-security-policy'], path).toBeUndefined();
  });

  it('refuses two files that one path would serve with different policies', () => {
    const clash = [
      { file: 'services/old.html', policy: policyWith('a') },
      { file: 'services/old/index.html', policy: policyWith('b') },
    ];
    expect(() => pageRules({ pages: clash, topLevelFiles: [], filesPolicy, adminPath: '/admin' })).toThrow(
      /\/services\/old/,
    );
    const same = clash.map(({ file }) => ({ file, policy: policyWith('a') }));
    expect(() =>
      pageRules({ pages: same, topLevelFiles: [], filesPolicy, adminPath: '/admin' }),
    ).not.toThrow();
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
      '/services/old/',
      '/x/y/z',
    ]) {
      const matching = setters.filter((rule) => pathPattern(rule.path).test(path));
      expect(matching.length, path).toBeLessThanOrEqual(1);
    }
  });

  it('lets the editor call GitHub and Netlify, and public pages neither', () => {
    const admin = adminPolicy;
    expect(admin).toContain("connect-src 'self' data: https://api.github.com https://api.netlify.com");
    expect(admin).toContain("script-src 'self';");
    expect(admin).toContain("frame-ancestors 'none'");
    for (const { policy } of pages) expect(policy).not.toContain('github');
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
