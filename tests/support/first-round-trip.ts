/**
 * The byte budgets of a first visit, measured on the bytes the server sent (deterministic, unlike
 * timings), for the page sweep (tests/e2e/js/every-page.spec.ts) and the article site's long pages
 * (tests/support/budget-checks.ts).
 *
 * The first round trip (about 14 KB gzipped, what TCP's initial window carries) must bring the
 * render-blocking CSS and the document up to the end of the first screen at phone size. The cut is
 * the start of the first element that begins below that screen: everything before it in the
 * document (the head with its inlined CSS, the header, the hero, and on a legal page or a post the
 * opening paragraphs) is what the first paint shows or needs, including by construction the page's
 * largest first-screen content; everything after it is what the visitor scrolls to, streamed in
 * the next round trips. On a phone's single column, document order is the order on screen. A fixed
 * structural point such as the end of the hero would leave out the first paragraphs a phone shows
 * under a short hero (the largest content there on the legal pages), and a whole-document measure
 * makes every longer text fail. Deflate streams, so the gzip of the prefix is, within a few bytes,
 * the start of the gzipped response.
 *
 * The whole page without its photos (the document, its CSS and any other file) stays under 50 KiB:
 * a 5,000-word post adds about 11 KB of gzipped text to a page of about 12 KB, so the budget needs no
 * allowance for length.
 */
import { gzipSync } from 'node:zlib';
import type { Page, Response } from '@playwright/test';
import { parse, type DefaultTreeAdapterTypes } from 'parse5';
import { isFetchedAhead } from './speculation.ts';

export const FIRST_ROUND_TRIP = 14_000;
export const PAGE_WITHOUT_PHOTOS = 50 * 1024;
const photo = /^image\/(jpeg|avif|webp)$/;

export const gzipped = (bytes: string | Buffer) => gzipSync(bytes, { level: 9 }).length;

/** An element's place in the document: its index among its parent's elements, from <html> down. */
export interface ElementPath {
  readonly indices: number[];
  /** The tag names along the way, to catch a document the page's scripts changed. */
  readonly names: string[];
}

/**
 * Where the first screen ends in the page as laid out: the path of the first element, in document
 * order, that starts below the viewport (fixed elements, which sit on the screen wherever they are
 * in the document, and unrendered ones aside); undefined when the whole page fits on one screen.
 */
export function firstBelowTheFold(page: Page): Promise<ElementPath | undefined> {
  return page.evaluate(() => {
    const fold = innerHeight;
    const fixed = (element: Element | null): boolean =>
      element !== null && (getComputedStyle(element).position === 'fixed' || fixed(element.parentElement));
    // checkVisibility() is false for an element not shown: display: none, visibility: hidden (the
    // phone's closed menu), or inside a closed <details>.
    const below = [...document.body.querySelectorAll('*')].find(
      (element) =>
        element.checkVisibility({ visibilityProperty: true }) &&
        element.getBoundingClientRect().top + scrollY >= fold &&
        !fixed(element),
    );
    if (!below) return undefined;
    const indices: number[] = [];
    const names: string[] = [];
    for (let element: Element = below; element.parentElement; element = element.parentElement) {
      indices.unshift([...element.parentElement.children].indexOf(element));
      names.unshift(element.localName);
    }
    return { indices, names };
  });
}

type ParsedElement = DefaultTreeAdapterTypes.Element;
const childElements = (node: DefaultTreeAdapterTypes.ParentNode) =>
  node.childNodes.filter((child): child is ParsedElement => 'tagName' in child);

/**
 * The offset in `html` where the element at `path` starts, parsed as the browser parsed it (the
 * HTML standard's algorithm, which parse5 implements); the end of `html` without a path.
 */
export function cutOffset(html: string, path: ElementPath | undefined): number {
  if (!path) return html.length;
  const document = parse(html, { sourceCodeLocationInfo: true });
  let element = childElements(document).find((child) => child.tagName === 'html')!;
  path.indices.forEach((index, depth) => {
    const child = childElements(element)[index];
    if (child?.tagName !== path.names[depth])
      throw new Error(`The page's scripts changed its document: no <${path.names.join('> <')}> here`);
    element = child;
  });
  return startOf(element);
}

/** Where an element starts; for one the parser implied (a table's <tbody>), where its first child does. */
const startOf = (element: ParsedElement): number =>
  element.sourceCodeLocation?.startOffset ?? startOf(childElements(element)[0]!);

/** The gzipped bytes of the first round trip: the document up to `cut`, and each blocking stylesheet. */
export const firstRoundTripBytes = (html: string, cut: number, blockingCss: string[]) =>
  gzipped(html.slice(0, cut)) + blockingCss.reduce((sum, css) => sum + gzipped(css), 0);

/**
 * Both budgets of the page's first load, given every response it brought. What Chromium fetches
 * for the speculation rules is left apart: it is held by tests/e2e/js/speculation-rules.once.spec.ts
 * (and a prefetched body is not kept for reading).
 */
export async function firstLoadBytes(page: Page, brought: Response[]) {
  const responses = brought.filter((response) => !isFetchedAhead(response));
  const document = responses.find((response) => response.request().resourceType() === 'document')!;
  const blockingCss = await page.$$eval('head link[rel="stylesheet"]', (links) =>
    links.map((link) => (link as HTMLLinkElement).href),
  );
  const css = responses.filter((response) => blockingCss.includes(response.url()));
  if (css.length !== blockingCss.length) throw new Error('A render-blocking stylesheet did not load');
  const html = await document.text();
  const firstTrip = firstRoundTripBytes(
    html,
    cutOffset(html, await firstBelowTheFold(page)),
    await Promise.all(css.map((response) => response.text())),
  );
  let total = 0;
  for (const response of responses)
    if (!photo.test(response.headers()['content-type'] ?? '')) total += gzipped(await response.body());
  return { firstTrip, total };
}
