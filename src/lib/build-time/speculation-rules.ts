/**
 * The Speculation Rules the build writes: with no script at all, Chromium prerenders a same-site
 * page when the visitor shows intent (a hover or a pointer down on its link, "moderate"), and
 * fetches ahead the few pages a visitor is most likely to want next. The rules reach every public
 * page through its `Speculation-Rules` header (from `dist/_headers`, so Netlify and `npm start`
 * send the same), never an inline <script>, so the Content-Security-Policy stays as it is.
 * Browsers without speculation rules ignore the header; Chromium itself skips every speculation
 * under Save-Data, its energy saver, memory pressure or with "Preload pages" switched off.
 */
import type { HeaderRule } from '../shared/headers-file.ts';
import { speculationRulesFolder } from '../shared/response-headers.ts';
import { servicesRoute } from '../shared/routes.ts';
import { htmlElements } from './html-elements.ts';

/**
 * How many pages may be fetched before the visitor shows any intent: the contact page from every
 * page, then the services in their order from the home and services pages. Each is a page's HTML
 * alone (its own budget is 14 KB gzipped), fetched after that page has loaded.
 */
const pagesBeforeIntent = 3;

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
  eagerness: 'immediate' | 'moderate';
}

interface RuleSet {
  prefetch?: Rule[];
  prerender?: Rule[];
}

interface SpeculationInput {
  /** Pages never speculated on: those marked noindex (the contact form's answers, the editor, the 404 page, legacy redirect pages). */
  excludedPaths: readonly string[];
  /** The page fetched ahead from every page. */
  contactPath: string;
  /** The services' pages in their order, fetched ahead from the pages that list them. */
  serviceRoutes: readonly string[];
}

/** Where a same-site link may lead: anywhere but the excluded pages and files. */
const sameSite = (paths: string | string[], excludedPaths: readonly string[]): Predicate => ({
  and: [
    { href_matches: paths },
    {
      not: {
        href_matches: [files, ...[...new Set(excludedPaths)].sort().flatMap((path) => [path, `${path}/*`])],
      },
    },
    { not: { selector_matches: excludedLinks } },
  ],
});

/**
 * Pages fetched as soon as the rules are read, from any page that links to them, except from
 * themselves: a page whose menu marks one of them as the current page has it already. Only plain
 * links count: Chromium fetches `/services/shopify#packages` apart from `/services/shopify`, the
 * same page twice.
 */
const ahead = (paths: string[], excludedPaths: readonly string[]): Rule[] =>
  paths.map((path) => ({
    source: 'document',
    where: {
      and: [
        sameSite(path, excludedPaths),
        { not: { selector_matches: `:root:has([aria-current="page"][href="${path}"]) a, a[href*="#"]` } },
      ],
    },
    eagerness: 'immediate',
  }));

/** Each rules file the build writes, by its path on the site. */
export function speculationRuleSets(input: SpeculationInput): Record<string, RuleSet> {
  const { excludedPaths, contactPath, serviceRoutes } = input;
  return {
    [`${speculationRulesFolder}/site.json`]: {
      prerender: [{ source: 'document', where: sameSite('/*', excludedPaths), eagerness: 'moderate' }],
      prefetch: ahead([contactPath], excludedPaths),
    },
    [`${speculationRulesFolder}/services.json`]: {
      prefetch: ahead(serviceRoutes.slice(0, pagesBeforeIntent - 1), excludedPaths),
    },
  };
}

/** `Speculation-Rules` header values: a structured list of quoted URLs. */
const headerValue = (path: string) => JSON.stringify(path);

/** The pages that list the services, where they are fetched ahead: the home and services pages. */
const servicesListPaths = ['/', servicesRoute];

/**
 * The `Speculation-Rules` header of every public page (handed to pageRules with its policy), and
 * the rules adding the services file on the pages that list them: Netlify, like the local server,
 * joins both values into one list.
 */
export function speculationHeaders(): { pageHeaders: HeaderRule['headers']; rules: HeaderRule[] } {
  const services = headerValue(`${speculationRulesFolder}/services.json`);
  return {
    pageHeaders: [['Speculation-Rules', headerValue(`${speculationRulesFolder}/site.json`)]],
    rules: servicesListPaths.map((path) => ({ path, headers: [['Speculation-Rules', services]] })),
  };
}

/** Whether a built page asks search engines not to index it (its robots meta says noindex). */
export function isNoindexPage(html: string): boolean {
  return htmlElements(html).some(
    ({ name, attributes }) =>
      name === 'meta' &&
      attributes['name']?.toLowerCase() === 'robots' &&
      /\bnoindex\b/i.test(attributes['content'] ?? ''),
  );
}
