/**
 * The Speculation Rules the build writes: with no script at all, Chromium prerenders a same-site
 * page when the visitor shows intent (a hover or a pointer down on its link, "moderate"). Nothing
 * is fetched before that: pages fetched as soon as the rules were read shared the first visit's
 * bandwidth and main thread (Lighthouse, mobile: /privacy's LCP 766 → 1,056 ms, the home page's
 * 733 → 1,177 ms and 14 → 55 KiB), and no rule can wait for the page's load. The rules reach every public
 * page through its `Speculation-Rules` header (from `dist/_headers`, so Netlify and `npm start`
 * send the same), never an inline <script>, so the Content-Security-Policy stays as it is.
 * Browsers without speculation rules ignore the header; Chromium itself skips every speculation
 * under Save-Data, its energy saver, memory pressure or with "Preload pages" switched off.
 */
import type { HeaderRule } from '../shared/headers-file.ts';
import { speculationRulesFolder } from '../shared/response-headers.ts';
import { htmlElements } from './html-elements.ts';

/**
 * Links never speculated on wherever they point: new-tab links (the booking page), downloads,
 * links an editor marks `rel="external"`, any booking link, and links to the page itself (its
 * own menu entry, a skip link to its content).
 */
const excludedLinks =
  'a[rel~="external"], a[target], a[download], [data-booking], [aria-current="page"], a[href^="#"]';

/** Any address with a dot in its path is a file, never a page: feeds, images, icons, `.html` twins. */
const files = '/*.*';

type Predicate =
  | { href_matches: string | string[] }
  | { selector_matches: string }
  | { not: Predicate }
  | { and: Predicate[] };

interface Rule {
  source: 'document';
  where: Predicate;
  eagerness: 'moderate';
}

interface RuleSet {
  prerender: Rule[];
}

interface SpeculationInput {
  /** Pages never speculated on: those marked noindex (the contact form's answers, the editor, the 404 page, legacy redirect pages). */
  excludedPaths: readonly string[];
}

/** Where a same-site link may lead: anywhere but the excluded pages and files. */
const sameSite = (excludedPaths: readonly string[]): Predicate => ({
  and: [
    { href_matches: '/*' },
    {
      not: {
        href_matches: [files, ...[...new Set(excludedPaths)].sort().flatMap((path) => [path, `${path}/*`])],
      },
    },
    { not: { selector_matches: excludedLinks } },
  ],
});

/** Each rules file the build writes, by its path on the site. */
export function speculationRuleSets({ excludedPaths }: SpeculationInput): Record<string, RuleSet> {
  return {
    [`${speculationRulesFolder}/site.json`]: {
      prerender: [{ source: 'document', where: sameSite(excludedPaths), eagerness: 'moderate' }],
    },
  };
}

/** `Speculation-Rules` header values: a structured list of quoted URLs. */
const headerValue = (path: string) => JSON.stringify(path);

/** The `Speculation-Rules` header of every public page, handed to pageRules with its policy. */
export const speculationHeaders = (): HeaderRule['headers'] => [
  ['Speculation-Rules', headerValue(`${speculationRulesFolder}/site.json`)],
];

/** Whether a built page asks search engines not to index it (its robots meta says noindex). */
export function isNoindexPage(html: string): boolean {
  return htmlElements(html).some(
    ({ name, attributes }) =>
      name === 'meta' &&
      attributes['name']?.toLowerCase() === 'robots' &&
      /\bnoindex\b/i.test(attributes['content'] ?? ''),
  );
}
