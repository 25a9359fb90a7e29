/**
 * What the second-page measure taps, read from the built pages so a new service or header link is
 * measured without an edit: from the home page, each header link to another page (tapped in the
 * phone menu, where a phone shows them) and each service card; from the first service page, the
 * footer's Contact link. Pure, so unit-tested; scripts/bench/tap.ts does the tapping.
 */
import { htmlElements, type HtmlElement } from '../../src/lib/build-time/html-elements.ts';
import { isServiceRoute, type SiteRoute } from '../../src/lib/shared/routes.ts';

/** Where the link sits: the page's CSS selector for the tap is built from it (scripts/bench/tap.ts). */
export type TapArea = 'phone menu' | 'service card' | 'footer';

export interface TapPair {
  from: string;
  to: string;
  area: TapArea;
  /** The link's text, as the visitor reads it. */
  label: string;
}

const contactRoute: SiteRoute = '/contact';

const linksIn = (container: HtmlElement | undefined) =>
  (container?.elements ?? []).filter(
    ({ name, attributes }) => name === 'a' && attributes['href']?.startsWith('/'),
  );

const firstOf = (elements: HtmlElement[], test: (element: HtmlElement) => boolean) => elements.find(test);

const pair = (from: string, area: TapArea, link: HtmlElement): TapPair => ({
  from,
  to: link.attributes['href']!,
  area,
  label: link.text.replace(/\s+/g, ' ').trim(),
});

/** Each link once, in page order, leaving out the page itself. */
function distinct(from: string, links: HtmlElement[]): HtmlElement[] {
  const seen = new Set<string>([from]);
  return links.filter(({ attributes }) => {
    const href = attributes['href']!;
    if (seen.has(href)) return false;
    seen.add(href);
    return true;
  });
}

/**
 * The pairs to measure. `homeHtml` is the built home page, `service` the first service page (its
 * route and built HTML).
 */
export function tapPairs(homeHtml: string, service: { route: string; html: string }): TapPair[] {
  const home = htmlElements(homeHtml);
  const mainNav = firstOf(
    home,
    ({ name, attributes }) => name === 'nav' && attributes['aria-label'] === 'Main',
  );
  // The header's own links, not its services dropdown (the cards measure those pages).
  const headerLinks = distinct('/', linksIn(mainNav)).filter(
    ({ attributes }) => !isServiceRoute(attributes['href']!),
  );
  const main = firstOf(home, ({ name }) => name === 'main');
  const cards = distinct('/', linksIn(main)).filter(({ attributes }) => isServiceRoute(attributes['href']!));
  const footer = firstOf(htmlElements(service.html), ({ name }) => name === 'footer');
  const contact = linksIn(footer).filter(({ attributes }) => attributes['href'] === contactRoute);
  if (headerLinks.length === 0 || cards.length === 0 || contact.length === 0)
    throw new Error(
      'The built pages lack the header links, service cards or footer Contact link the bench taps',
    );
  return [
    ...headerLinks.map((link) => pair('/', 'phone menu', link)),
    ...cards.map((link) => pair('/', 'service card', link)),
    pair(service.route, 'footer', contact[0]!),
  ];
}
