import { describe, expect, it } from 'vitest';
import { headersFor } from '#src/lib/shared/headers-file.ts';
import {
  beforeIntent,
  isNoindexPage,
  likelyNextRoutes,
  pagesThatFit,
  speculationHeaders,
  speculationRuleSets,
} from '#src/lib/build-time/speculation-rules.ts';
import { phoneMenuPanelId } from '#src/lib/shared/phone-menu.ts';
import { likelyNextAttribute, pageLoadedAttribute } from '#src/lib/shared/speculation-marks.ts';
import { namedRuleFiles, ruleSetSchema, type RuleSet } from '#support/speculation.ts';

const origin = 'https://site.example';
/** Pages a third of what may be fetched ahead each: every card and the contact page fit. */
const page = Math.floor(beforeIntent.bytes / beforeIntent.pages);
const likely = { cards: [page, page, page], contact: page };
const excludedPaths = ['/contact/sent', '/admin', '/services/old', '/contact/sent'];
const sets = speculationRuleSets({ excludedPaths, likely });

/** Every CSS selector a rule's conditions require (not those it excludes). */
const requiredSelectors = (where: Where): string[] => {
  if ('and' in where) return (where.and as Where[]).flatMap(requiredSelectors);
  if ('selector_matches' in where) return [where.selector_matches as string | string[]].flat();
  return [];
};

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

  it('fetch ahead only once the page has loaded or the phone menu is open, and never prerender before intent', () => {
    for (const set of Object.values(sets)) {
      for (const rule of set.prerender ?? []) expect(rule.eagerness).toBe('moderate');
      expect(set.prefetch?.length).toBeGreaterThan(0);
      for (const rule of set.prefetch ?? []) {
        const selectors = 'where' in rule ? requiredSelectors(rule.where as Where) : [];
        expect(selectors.length, JSON.stringify(rule)).toBeGreaterThan(0);
        for (const selector of selectors)
          expect(
            selector.startsWith(`:root[${pageLoadedAttribute}]`) ||
              selector.startsWith(`#${phoneMenuPanelId}:`),
            selector,
          ).toBe(true);
      }
    }
  });

  it('fetch ahead no page they would not prerender: the same exclusions hold', () => {
    const [site, set] = Object.entries(sets)[0]!;
    const base = origin + site;
    for (const path of ['/contact/sent', '/admin', '/services/old', '/rss.xml'])
      expect(matching(set, 'prefetch', new URL(path, origin).href, base), path).toBe(false);
    expect(matching(set, 'prefetch', 'https://other.example/about', base)).toBe(false);
    expect(matching(set, 'prefetch', new URL('/services/a', origin).href, base)).toBe(true);
  });

  it('fetch ahead as many cards as fit, or else the contact page', () => {
    const selectorsFor = (cards: number[], contact: number) =>
      Object.values(speculationRuleSets({ excludedPaths, likely: { cards, contact } })).flatMap((set) =>
        (set.prefetch ?? []).flatMap((rule) =>
          'where' in rule ? requiredSelectors(rule.where as Where) : [],
        ),
      );
    expect(selectorsFor(likely.cards, page).join()).toContain(
      `[${likelyNextAttribute}] > li:nth-child(-n+3) > a`,
    );
    expect(selectorsFor([beforeIntent.bytes, 1], page).join()).toContain(':nth-child(-n+1) > a');
    expect(selectorsFor(likely.cards, page).join()).toContain('a[href="/contact"]');
    expect(selectorsFor(likely.cards, beforeIntent.bytes + 1).join()).not.toContain('a[href="/contact"]');
  });
});

describe('pagesThatFit', () => {
  it('counts the pages, in order, until the pages or the bytes allowed before intent run out', () => {
    const third = Math.floor(beforeIntent.bytes / 3);
    expect(pagesThatFit([])).toBe(0);
    expect(pagesThatFit(Array(beforeIntent.pages + 2).fill(1))).toBe(beforeIntent.pages);
    expect(pagesThatFit([third, third, third])).toBe(Math.min(3, beforeIntent.pages));
    expect(pagesThatFit([third * 2, third * 2])).toBe(1);
    expect(pagesThatFit([beforeIntent.bytes + 1, 1])).toBe(0);
  });
});

describe('likelyNextRoutes', () => {
  it('reads the links of the list a page marks as likely next, in order', () => {
    const html = `<main><a href="/about">About</a><ul ${likelyNextAttribute}>
      <li><h3>One</h3><a href="/services/one">More</a></li><li><a href="/services/two">More</a></li></ul></main>`;
    expect(likelyNextRoutes(html)).toEqual(['/services/one', '/services/two']);
    expect(likelyNextRoutes('<main><a href="/about">About</a></main>')).toEqual([]);
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
