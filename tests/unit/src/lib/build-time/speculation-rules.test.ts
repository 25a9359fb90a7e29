import { describe, expect, it } from 'vitest';
import {
  beforeIntent,
  isNoindexPage,
  likelyNextRoutes,
  pagesThatFit,
  speculationRules,
  speculationRulesMarkup,
  speculationRulesText,
  withSpeculationRules,
} from '#src/lib/build-time/speculation-rules.ts';
import { phoneMenuPanelId } from '#src/lib/shared/phone-menu.ts';
import { likelyNextAttribute, pageLoadedAttribute } from '#src/lib/shared/speculation-marks.ts';
import { ruleSetSchema, type RuleSet } from '#support/speculation.ts';

const origin = 'https://site.example';
/** Pages a third of what may be fetched ahead each: every card and the contact page fit. */
const page = Math.floor(beforeIntent.bytes / beforeIntent.pages);
const likely = { cards: [page, page, page], contact: page };
const excludedPaths = ['/contact/sent', '/admin', '/services/old', '/contact/sent'];
const set = speculationRules({ excludedPaths, likely });
/** Inline rules read their addresses against the page's own. */
const base = `${origin}/services`;

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
  it('are a valid rule set', () => {
    expect(() => ruleSetSchema.parse(set)).not.toThrow();
  });

  it('prerender any same-site page on intent, never an excluded page, what lies under it, or a file', () => {
    const prerendered = (path: string) => matching(set, 'prerender', new URL(path, origin).href, base);
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
    expect(matching(set, 'prerender', 'https://other.example/about', base)).toBe(false);
    expect(set.prerender.every((rule) => rule.eagerness === 'moderate')).toBe(true);
  });

  it('fetch ahead only once the page has loaded or the phone menu is open, and never prerender before intent', () => {
    for (const rule of set.prerender) expect(rule.eagerness).toBe('moderate');
    expect(set.prefetch.length).toBeGreaterThan(0);
    for (const rule of set.prefetch) {
      const selectors = requiredSelectors(rule.where as Where);
      expect(selectors.length, JSON.stringify(rule)).toBeGreaterThan(0);
      for (const selector of selectors)
        expect(
          selector.startsWith(`:root[${pageLoadedAttribute}]`) ||
            selector.startsWith(`#${phoneMenuPanelId}:`),
          selector,
        ).toBe(true);
    }
  });

  it('fetch ahead no page they would not prerender: the same exclusions hold', () => {
    for (const path of ['/contact/sent', '/admin', '/services/old', '/rss.xml'])
      expect(matching(set, 'prefetch', new URL(path, origin).href, base), path).toBe(false);
    expect(matching(set, 'prefetch', 'https://other.example/about', base)).toBe(false);
    expect(matching(set, 'prefetch', new URL('/services/a', origin).href, base)).toBe(true);
  });

  it('fetch ahead as many cards as fit, or else the contact page', () => {
    const selectorsFor = (cards: number[], contact: number) =>
      speculationRules({ excludedPaths, likely: { cards, contact } }).prefetch.flatMap((rule) =>
        requiredSelectors(rule.where as Where),
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

describe('the rules in a page', () => {
  const element = speculationRulesMarkup(speculationRulesText(set));

  /** The data element's text, or undefined when the markup is not one whole data block and its script. */
  const textOf = (html: string) =>
    /^<script type="application\/json" id="[\w-]+">([^<]*)<\/script><script>[^<]+<\/script>$/.exec(html)?.[1];

  it('are a data element whose text is the rule set, with no `<` that could end it early, and its script', () => {
    expect(JSON.parse(textOf(element)!)).toEqual(set);
    const odd = speculationRules({ excludedPaths: ['/a</script><b>'], likely });
    expect(JSON.parse(textOf(speculationRulesMarkup(speculationRulesText(odd)))!)).toEqual(odd);
  });

  it('go at the end of the head, and leave a page without a head as it is', () => {
    const page = '<!doctype html><html><head><title>A</title></head><body><main>A</main></body></html>';
    expect(withSpeculationRules(page, element)).toBe(page.replace('</head>', `${element}</head>`));
    const stub = '<!doctype html><meta http-equiv="refresh" content="0; url=/a"><p>Moved</p></html>';
    expect(withSpeculationRules(stub, element)).toBe(stub);
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
