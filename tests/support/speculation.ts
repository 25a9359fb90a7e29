/**
 * The speculation rules a page holds, read as Chromium reads them: each
 * `<script type="speculationrules">`, its JSON held to the rule format of the HTML standard, and
 * which of a page's links each rule matches, worked out in the browser with its own URLPattern and
 * CSS selector matching, as Chromium's document rules do.
 */
import type { Page, Response } from '@playwright/test';
import { z } from 'zod';

type Predicate =
  | { href_matches: string | string[]; relative_to?: 'ruleset' | 'document' }
  | { selector_matches: string | string[] }
  | { not: Predicate }
  | { and: Predicate[] }
  | { or: Predicate[] };

const predicate: z.ZodType<Predicate> = z.lazy(() =>
  z.union([
    z
      .object({
        href_matches: z.union([z.string(), z.array(z.string())]),
        relative_to: z.enum(['ruleset', 'document']).optional(),
      })
      .strict(),
    z.object({ selector_matches: z.union([z.string(), z.array(z.string())]) }).strict(),
    z.object({ not: predicate }).strict(),
    z.object({ and: z.array(predicate) }).strict(),
    z.object({ or: z.array(predicate) }).strict(),
  ]),
);

const eagerness = z.enum(['immediate', 'eager', 'moderate', 'conservative']);

const rule = z.union([
  z
    .object({ source: z.literal('document').optional(), where: predicate, eagerness: eagerness.optional() })
    .strict(),
  z
    .object({
      source: z.literal('list').optional(),
      urls: z.array(z.string()),
      eagerness: eagerness.optional(),
    })
    .strict(),
]);

/** A rule set: only the two actions, each a list of rules (unknown keys are refused). */
export const ruleSetSchema = z
  .object({ prefetch: z.array(rule).optional(), prerender: z.array(rule).optional() })
  .strict();

export type RuleSet = z.infer<typeof ruleSetSchema>;

/**
 * The rule sets a page holds, checked. An inline set's addresses are read against the page's own
 * address (`url`).
 */
export async function ruleSetsOf(page: Page) {
  const texts = await page.locator('script[type="speculationrules"]').allTextContents();
  return texts.map((text) => ({ url: page.url(), rules: ruleSetSchema.parse(JSON.parse(text)) }));
}

export interface Speculation {
  href: string;
  action: 'prefetch' | 'prerender';
  eagerness: string;
  /** Whether the link is one of the `probes` the test added, rather than the page's own. */
  probe: boolean;
}

/** A link a test adds to the page to see whether any rule would speculate on it. */
export interface Probe {
  href: string;
  attributes?: Record<string, string>;
}

/**
 * Every link of the page (and every probe, added to it first) that a document rule matches, with
 * the action and eagerness. List rules match their URLs wherever they are.
 */
export function speculatedLinks(
  page: Page,
  sets: Array<{ url: string; rules: RuleSet }>,
  probes: Probe[] = [],
): Promise<Speculation[]> {
  return page.evaluate(
    ({ sets, probes }) => {
      type Where = Record<string, unknown>;
      const added = probes.map(({ href, attributes = {} }) => {
        const link = document.createElement('a');
        link.href = href;
        link.textContent = href;
        for (const [name, value] of Object.entries(attributes)) link.setAttribute(name, value);
        return document.body.appendChild(link);
      });
      const list = (value: unknown) => [value].flat() as string[];
      const matches = (where: Where, link: HTMLAnchorElement, base: string): boolean => {
        if ('and' in where) return (where.and as Where[]).every((part) => matches(part, link, base));
        if ('or' in where) return (where.or as Where[]).some((part) => matches(part, link, base));
        if ('not' in where) return !matches(where.not as Where, link, base);
        if ('href_matches' in where) {
          const URLPatternClass = (
            window as unknown as { URLPattern: new (p: string, b: string) => { test(u: string): boolean } }
          ).URLPattern;
          return list(where.href_matches).some((pattern) =>
            new URLPatternClass(pattern, base).test(link.href),
          );
        }
        return list(where.selector_matches).some((selector) => link.matches(selector));
      };
      const found: Speculation[] = [];
      for (const { url, rules } of sets) {
        for (const action of ['prefetch', 'prerender'] as const) {
          for (const rule of rules[action] ?? []) {
            const eagerness = rule.eagerness ?? ('urls' in rule ? 'immediate' : 'conservative');
            if ('urls' in rule) {
              for (const href of rule.urls) {
                found.push({ href: new URL(href, url).href, action, eagerness, probe: false });
              }
              continue;
            }
            for (const link of document.querySelectorAll<HTMLAnchorElement>('a[href], area[href]')) {
              if (!matches(rule.where as Where, link, url)) continue;
              found.push({ href: link.href, action, eagerness, probe: added.includes(link) });
            }
          }
        }
      }
      return found;
    },
    { sets, probes },
  );
}

/**
 * How long a test waits for Chromium's fetches ahead to be seen: they start at the lowest priority
 * after the page's load, and a busy machine delays them by seconds.
 */
export const aheadTimeout = 15_000;

/** Whether Chromium fetched `response` for the speculation rules (it carries `Sec-Purpose`), not for the page. */
export const isFetchedAhead = (response: Response) =>
  response.request().headers()['sec-purpose'] !== undefined;

/** The paths of the pages among `responses` that Chromium fetched ahead, sorted (a page fetched twice twice). */
export const pathsFetchedAhead = (responses: Response[]) =>
  responses
    .filter(isFetchedAhead)
    .map((each) => new URL(each.url()).pathname)
    .sort();
