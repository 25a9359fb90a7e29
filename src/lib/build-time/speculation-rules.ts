/**
 * The Speculation Rules the build writes into every page: from them, with no script of ours, Chromium
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
 * The build writes the rules as JSON data at the end of each page's head, and a script after it
 * hands them to the browser as a `<script type="speculationrules">`, which the
 * Content-Security-Policy allows by the hash of that text. They used to be a file named by a
 * `Speculation-Rules` header; fetching it on arrival put one more request before the largest paint
 * in Lighthouse's simulation (LCP 45–207 ms later in 11 loads of 15, docs/performance.md). Written
 * as data, not as the rules element itself, because the W3C checker, which every page must pass,
 * refuses the "immediate" eagerness the HTML standard defines (it knows only eager, moderate and
 * conservative, and "eager" now waits for a hover in Chromium). Chromium reads inline rules only
 * with JavaScript on anyway, so a visitor without it gets no speculation, and the same pages.
 * Browsers without speculation rules get no element; Chromium itself skips every speculation under
 * Save-Data, its energy saver, memory pressure or with "Preload pages" switched off.
 */
import { htmlElements } from './html-elements.ts';
import { speculationRulesDataId, speculationRulesScript } from '../shared/page-layout.ts';
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

/**
 * The most pages, and bytes (their documents, gzipped), fetched ahead before the visitor shows any
 * intent: the three service pages, about 15 KB each with the rules' 0.5 KB in them, and room for
 * an editor's longer text (a page with the rules in it is fetched ahead instead of the rules file
 * every first visit fetched before).
 */
export const beforeIntent = { pages: 3, bytes: 48_000 } as const;

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

/** The rules every page holds. */
export function speculationRules({ excludedPaths, likely }: SpeculationInput): RuleSet {
  const where = sameSite(excludedPaths);
  const ahead = (selectors: string | string[]): Rule => ({
    source: 'document',
    where: { and: [...where, { selector_matches: selectors }] },
    eagerness: 'immediate',
  });
  return {
    prefetch: [ahead(likelyNext(likely)), ahead(openPhoneMenuLinks)],
    prerender: [{ source: 'document', where: { and: where }, eagerness: 'moderate' }],
  };
}

/**
 * The rules' text, which the page copies into the rules element and the policy holds the hash of.
 * `<` is written as its JSON escape, so no selector or path can end the element early.
 */
export const speculationRulesText = (rules: RuleSet) => JSON.stringify(rules).replaceAll('<', '\\u003c');

/** What each page holds: the rules' text as data, and the script that hands it to the browser. */
export const speculationRulesMarkup = (text: string) =>
  `<script type="application/json" id="${speculationRulesDataId}">${text}</script><script>${speculationRulesScript}</script>`;

/**
 * A built page with the rules at the end of its head, so Chromium has them before it first styles
 * the page: added at the end of the body, they sometimes came after the first paint and cost a
 * style recalculation there (docs/performance.md, "A busy phone"). The legacy addresses' redirect
 * pages have no head element: they move on at once, and are left as they are.
 */
export function withSpeculationRules(html: string, element: string): string {
  const end = html.indexOf('</head>');
  return end === -1 ? html : html.slice(0, end) + element + html.slice(end);
}

/** The routes a built page's likely-next list (the service cards) links to, in order. */
export function likelyNextRoutes(html: string): string[] {
  const list = htmlElements(html).find(({ attributes }) => likelyNextAttribute in attributes);
  return (list?.elements ?? [])
    .filter(({ name, attributes }) => name === 'a' && attributes['href']?.startsWith('/'))
    .map(({ attributes }) => attributes['href']!);
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
