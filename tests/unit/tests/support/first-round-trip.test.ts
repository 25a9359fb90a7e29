/**
 * The first round trip's measure over made-up pages: what comes before the first screen's end
 * counts, with every render-blocking stylesheet; what comes after does not, however long.
 */
import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { cutOffset, FIRST_ROUND_TRIP, firstRoundTripBytes } from '#support/first-round-trip.ts';

/** Text that does not compress: 20,000 characters gzip to about 15,000 bytes. */
const bloat = () => randomBytes(15_000).toString('base64');
const page = ({ header = '', below = '' }) =>
  `<!doctype html><html lang="en"><head><title>A page</title><style>body{margin:0}</style></head>` +
  `<body><header><a href="/">Home</a>${header}</header><main><section><h1>A page</h1><p>Its lead.</p>` +
  `</section><div><p>${below}</p></div></main></body></html>`;
/** main's second element, the <div> after the hero: the first below the fold in these pages. */
const belowTheFold = { indices: [1, 1, 1], names: ['body', 'main', 'div'] };

describe('the first round trip', () => {
  it('cuts the document where the first element below the first screen starts', () => {
    const html = page({});
    expect(cutOffset(html, belowTheFold)).toBe(html.indexOf('<div>'));
  });

  it('cuts where the first child of an element the parser implied starts', () => {
    const html = '<!doctype html><html><body><table><tr><td>A</td></tr></table></body></html>';
    const tbody = { indices: [1, 0, 0], names: ['body', 'table', 'tbody'] };
    expect(cutOffset(html, tbody)).toBe(html.indexOf('<tr>'));
  });

  it('counts the whole document when it all fits on the first screen', () => {
    const html = page({});
    expect(cutOffset(html, undefined)).toBe(html.length);
  });

  it('refuses a path the document does not have, as after a script changed the page', () => {
    expect(() => cutOffset(page({}), { indices: [1, 1, 1], names: ['body', 'main', 'section'] })).toThrow(
      /changed its document/,
    );
  });

  it('does not count a long text below the first screen', () => {
    const html = page({ below: bloat() });
    expect(firstRoundTripBytes(html, html.length, [])).toBeGreaterThan(FIRST_ROUND_TRIP);
    expect(firstRoundTripBytes(html, cutOffset(html, belowTheFold), [])).toBeLessThan(1_000);
  });

  it('fails a page whose header outgrows it', () => {
    const html = page({ header: bloat() });
    expect(firstRoundTripBytes(html, cutOffset(html, belowTheFold), [])).toBeGreaterThan(FIRST_ROUND_TRIP);
  });

  it('fails a page whose render-blocking CSS outgrows it', () => {
    const html = page({});
    const css = `main{display:block}/* ${bloat()} */`;
    expect(firstRoundTripBytes(html, cutOffset(html, belowTheFold), [css])).toBeGreaterThan(FIRST_ROUND_TRIP);
  });
});
