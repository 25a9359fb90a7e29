/**
 * The Speculation Rules the build writes: with no script of their own, Chromium
 * - prerenders a same-site page when the visitor shows intent (a hover or a pointer down on its
 *   link, "moderate");
 * - once the page has loaded and is on screen, fetches ahead (prefetch: the document only, never
 *   run) the pages the visitor is likely to want next: the service cards' pages where the page
 *   shows them (the first three), and the contact page elsewhere. At most three pages before any
 *   intent, and never before the load: pages fetched as soon as the rules were read shared the
 *   first visit's bandwidth and main thread (Lighthouse, mobile: /privacy's LCP 766 → 1,056 ms, the home page's
 *   733 → 1,177 ms and 14 → 55 KiB). No rule waits for a load by itself; the page marks its root
 *   once loaded and painted (speculation-marks.ts), and a document rule's selector is matched again
 *   as the page's style changes;
 * - when the phone menu opens (intent to go elsewhere), fetches its top-level links' pages ahead,
 *   so the tap that follows does not wait for the network.
 * A prefetched page is then prerendered from that copy on the tap's pointer down.
 * The rules reach every public page through its `Speculation-Rules` header (from `dist/_headers`,
 * so Netlify and `npm start` send the same), never an inline <script>, so the
 * Content-Security-Policy stays as it is. Browsers without speculation rules ignore the header;
 * Chromium itself skips every speculation under Save-Data, its energy saver, memory pressure or
 * with "Preload pages" switched off.
 */
import type { HeaderRule } from '../shared/headers-file.ts';
import { speculationRulesFolder } from '../shared/response-headers.ts';
import { htmlElements } from './html-elements.ts';
import { contactRoute } from '../shared/routes.ts';
import { phoneMenuPanelId } from '../shared/phone-menu.ts';
import { likelyNextAttribute, pageLoadedAttribute } from '../shared/speculation-marks.ts';

/**
 * Links never speculated on wherever they point: new-tab links (the booking page), downloads,
 * links an editor marks `rel="external"`, any booking link, and links to the page itself (its
 * own menu entry, a skip link to its content).
 */
const excludedLinks =
  'a[rel~="external"], a[target], a[download], [data-booking], [aria-current="page"], a[href^="#"]';

/** The most pages, and bytes (their documents, gzipped), fetched ahead before the visitor shows any intent. */
export const beforeIntent = { pages: 3, bytes: 45_000 } as const;

/**
 * How many of the likely pages, taken in the order the page lists them, fit what may be fetched
 * before intent; `sizes` are their documents' gzipped sizes. A service page an editor makes longer
 * leaves the last card out of the prefetch rather than going over.
 */
export function pagesThatFit(sizes: readonly number[]): number {
  let bytes = 0;
  let pages = 0;
  for (const size of sizes.slice(0, beforeIntent.pages)) {
    if (bytes + size > beforeIntent.bytes) break;
    bytes += size;
    pages += 1;
  }
  return pages;
}

const loaded = `:root[${pageLoadedAttribute}]`;

/**
 * The links whose pages are fetched once the page has loaded (see the file's comment): as many of
 * the cards as fit, or else the contact page, if it fits.
 */
const likelyNext = ({ cards, contact }: LikelyPages): string[] => [
  `${loaded} [${likelyNextAttribute}] > li:nth-child(-n+${pagesThatFit(cards)}) > a`,
  ...(pagesThatFit([contact]) === 1
    ? [`${loaded}:not(:has([${likelyNextAttribute}] > li)) a[href="${contactRoute}"]`]
    : []),
];

/**
 * The open phone menu's top-level links: its panel neither hidden (once React runs it) nor after a
 * closed <details> (before).
 */
const openPhoneMenuLinks = `#${phoneMenuPanelId}:not([hidden], details:not([open]) + *) > nav > ul > li > a`;

/** Any address with a dot in its path is a file, never a page: feeds, images, icons, `.html` twins. */
const files = '/*.*';

type Predicate =
  | { href_matches: string | string[] }
  | { selector_matches: string | string[] }
  | { not: Predicate }
  | { and: Predicate[] };

interface Rule {
  source: 'document';
  where: Predicate;
  eagerness: 'moderate' | 'immediate';
}

interface RuleSet {
  prefetch: Rule[];
  prerender: Rule[];
}

/** The gzipped sizes of the pages fetched ahead: the cards' pages, in their order, and the contact page. */
export interface LikelyPages {
  cards: readonly number[];
  contact: number;
}

interface SpeculationInput {
  /** Pages never speculated on: those marked noindex (the contact form's answers, the editor, the 404 page, legacy redirect pages). */
  excludedPaths: readonly string[];
  likely: LikelyPages;
}

/** Where a same-site link may lead: anywhere but the excluded pages and files. */
const sameSite = (excludedPaths: readonly string[]): Predicate[] => [
  { href_matches: '/*' },
  {
    not: {
      href_matches: [files, ...[...new Set(excludedPaths)].sort().flatMap((path) => [path, `${path}/*`])],
    },
  },
  { not: { selector_matches: excludedLinks } },
];

/** Each rules file the build writes, by its path on the site. */
export function speculationRuleSets({ excludedPaths, likely }: SpeculationInput): Record<string, RuleSet> {
  const where = sameSite(excludedPaths);
  const ahead = (selectors: string | string[]): Rule => ({
    source: 'document',
    where: { and: [...where, { selector_matches: selectors }] },
    eagerness: 'immediate',
  });
  return {
    [`${speculationRulesFolder}/site.json`]: {
      prefetch: [ahead(likelyNext(likely)), ahead(openPhoneMenuLinks)],
      prerender: [{ source: 'document', where: { and: where }, eagerness: 'moderate' }],
    },
  };
}

/** The routes a built page's likely-next list (the service cards) links to, in order. */
export function likelyNextRoutes(html: string): string[] {
  const list = htmlElements(html).find(({ attributes }) => likelyNextAttribute in attributes);
  return (list?.elements ?? [])
    .filter(({ name, attributes }) => name === 'a' && attributes['href']?.startsWith('/'))
    .map(({ attributes }) => attributes['href']!);
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
