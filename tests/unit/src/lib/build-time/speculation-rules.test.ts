import { describe, expect, it } from 'vitest';
import { headersFor } from '../../../../../src/lib/shared/headers-file.ts';
import {
  isNoindexPage,
  speculationHeaders,
  speculationRuleSets,
} from '../../../../../src/lib/build-time/speculation-rules.ts';
import { namedRuleFiles, ruleSetSchema, type RuleSet } from '../../../../support/speculation.ts';

const origin = 'https://site.example';
const sets = speculationRuleSets({
  excludedPaths: ['/contact/sent', '/admin', '/services/old', '/contact/sent'],
});

type Where = Record<string, unknown>;

/** Whether a rule's address conditions let `href` through (selectors are checked in the browser). */
function addressMatches(where: Where, href: string, base: string): boolean {
  if ('and' in where) return (where.and as Where[]).every((part) => addressMatches(part, href, base));
  if ('not' in where) {
    const inner = where.not as Where;
    return 'selector_matches' in inner ? true : !addressMatches(inner, href, base);
  }
  if ('href_matches' in where) {
    return [where.href_matches].flat().some((pattern) => new URLPattern(pattern as string, base).test(href));
  }
  return true;
}

const matching = (set: RuleSet, action: 'prefetch' | 'prerender', href: string, base: string) =>
  (set[action] ?? []).some((rule) => 'where' in rule && addressMatches(rule.where as Where, href, base));

describe('the speculation rules', () => {
  it('are valid rule sets, one file per path under /speculation', () => {
    for (const [path, set] of Object.entries(sets)) {
      expect(path).toMatch(/^\/speculation\/[\w-]+\.json$/);
      expect(() => ruleSetSchema.parse(set)).not.toThrow();
    }
  });

  it('prerender any same-site page on intent, never an excluded page, what lies under it, or a file', () => {
    const [site] = Object.entries(sets).find(([, set]) => set.prerender)!;
    const base = origin + site;
    const prerendered = (path: string) =>
      matching(sets[site]!, 'prerender', new URL(path, origin).href, base);
    for (const path of ['/', '/about', '/services/a', '/blog/a-post'])
      expect(prerendered(path), path).toBe(true);
    for (const path of [
      '/contact/sent',
      '/admin',
      '/admin/config.yml',
      '/services/old',
      '/rss.xml',
      '/og/a.png',
    ]) {
      expect(prerendered(path), path).toBe(false);
    }
    expect(matching(sets[site]!, 'prerender', 'https://other.example/about', base)).toBe(false);
    expect(sets[site]!.prerender!.every((rule) => rule.eagerness === 'moderate')).toBe(true);
  });

  it('fetch nothing before the visitor shows intent', () => {
    for (const set of Object.values(sets)) {
      expect(set).not.toHaveProperty('prefetch');
      for (const rule of set.prerender ?? []) expect(rule.eagerness).toBe('moderate');
    }
  });
});

describe('the Speculation-Rules headers', () => {
  const page = { path: '/:page', headers: speculationHeaders() };

  it('name the rules file on every page', () => {
    const named = (path: string) => namedRuleFiles(headersFor(path, [page])['speculation-rules']);
    for (const path of ['/about', '/services']) expect(named(path)).toEqual(Object.keys(sets));
  });
});

describe('isNoindexPage', () => {
  it('tells the pages search engines must not index', () => {
    expect(isNoindexPage('<meta name="robots" content="noindex, follow">')).toBe(true);
    expect(isNoindexPage('<meta name="ROBOTS" content="NOINDEX">')).toBe(true);
    expect(isNoindexPage('<meta name="robots" content="index, follow">')).toBe(false);
    expect(isNoindexPage('<p>noindex</p>')).toBe(false);
  });
});
