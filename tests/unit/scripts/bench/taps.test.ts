/** The second-page measure's pure parts: what it taps, how the build is served without the rules, the table. */
import { createServer, request } from 'node:http';
import type { AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import { speculationRulesMarkup, speculationRulesText } from '#src/lib/build-time/speculation-rules.ts';
import { tapPairs } from '#scripts/bench/tap-pairs.ts';
import {
  missedTaps,
  renderTapTable,
  tapGoalMs,
  withoutSpeculationRules,
  type TapRow,
  type TapSample,
} from '#scripts/bench/tap-report.ts';
import { throttledLink } from '#scripts/bench/throttled-link.ts';

const home = `<!doctype html><title>Home</title>
<header><nav aria-label="Main"><ul>
  <li><a href="/" aria-current="page">Home</a></li>
  <li><a href="/services">Services</a><ul><li><a href="/services/one">One</a></li></ul></li>
  <li><a href="/about">About</a></li>
</ul></nav><a href="https://booking.example/">Book</a></header>
<main><h1>Hi</h1><a href="/about">About us</a>
  <ul><li><a href="/services/one">Learn more<span>: One</span></a></li>
  <li><a href="/services/two">Learn more: Two</a></li><li><a href="/services/two">Two again</a></li></ul></main>
<footer><a href="/contact">Contact</a></footer>`;
const service = `<!doctype html><title>One</title><header><a href="/contact">Contact</a></header>
<main></main><footer><nav><a href="/">Home</a><a href="/contact">Contact</a></nav></footer>`;

describe('tapPairs', () => {
  it('taps the header links to other pages, each service card once, and a service page footer’s Contact', () => {
    expect(tapPairs(home, { route: '/services/one', html: service })).toEqual([
      { from: '/', to: '/services', area: 'phone menu', label: 'Services' },
      { from: '/', to: '/about', area: 'phone menu', label: 'About' },
      { from: '/', to: '/services/one', area: 'service card', label: 'Learn more: One' },
      { from: '/', to: '/services/two', area: 'service card', label: 'Learn more: Two' },
      { from: '/services/one', to: '/contact', area: 'footer', label: 'Contact' },
    ]);
  });

  it('stops when the build lacks what it taps', () => {
    expect(() => tapPairs(home, { route: '/services/one', html: '<footer></footer>' })).toThrow(
      /footer Contact/,
    );
    expect(() => tapPairs(service, { route: '/services/one', html: service })).toThrow();
  });
});

describe('withoutSpeculationRules', () => {
  it('drops only the page’s speculation rules', () => {
    const rules = speculationRulesMarkup(
      speculationRulesText({
        prefetch: [],
        prerender: [{ source: 'document', where: { href_matches: '/*' }, eagerness: 'moderate' }],
      }),
    );
    const page = (rest: string) =>
      `<html><body><main>A</main><script type="application/ld+json">{}</script>${rest}</body></html>`;
    expect(withoutSpeculationRules(page(rules))).toBe(page(''));
    expect(withoutSpeculationRules(page(''))).toBe(page(''));
  });
});

describe('the tap table', () => {
  const pair = (to: string) => ({ from: '/', to, area: 'service card' as const, label: to });
  /** Taps lifted 100 ms after their press; the first `prerendered` of them shown from a prerender. */
  const taps = (lifts: number[], prerendered = 0): TapSample[] =>
    lifts.map((lift, index) => ({ lift, press: lift + 100, prerendered: index < prerendered }));
  const rows: TapRow[] = [
    {
      pair: pair('/fast'),
      samples: { built: taps([40, tapGoalMs, 900], 2), bare: taps([1200, 1100, 1300]) },
    },
    { pair: pair('/slow'), samples: { built: taps([tapGoalMs + 1, 300, 20]), bare: [] } },
  ];

  it('marks each median from the lift against the goal, per way of serving, beside the press and the prerenders', () => {
    const table = renderTapTable(rows, ['built', 'bare']).split('\n');
    expect(table[0]).toMatch(
      /^\| from +\| tap +\| to +\| built: lift ms \| built: press ms \| built: prerendered \| bare: lift ms \| bare: press ms \| bare: prerendered \|$/,
    );
    expect(table[2]).toMatch(
      new RegExp(`\\| ${tapGoalMs} ✓ +\\| ${tapGoalMs + 100} +\\| 2/3 +\\| 1200 ✗ +\\| 1300 +\\| 0/3 +\\|$`),
    );
    expect(table[3]).toMatch(
      new RegExp(`\\| ${tapGoalMs + 1} ✗ +\\| ${tapGoalMs + 101} +\\| 0/3 +\\| – +\\| – +\\| – +\\|$`),
    );
  });

  it('counts the misses of one way of serving, from the lift', () => {
    expect(missedTaps(rows, 'built')).toBe(1);
    expect(missedTaps(rows, 'bare')).toBe(2);
  });
});

describe('throttledLink', () => {
  it('forwards a whole answer, no sooner than the handshake and request round trips', async () => {
    const body = 'x'.repeat(20_000);
    const site = createServer((_, response) => response.end(body));
    await new Promise<void>((done) => site.listen(0, '127.0.0.1', done));
    const link = throttledLink((site.address() as AddressInfo).port, {
      roundTripMs: 100,
      kbitPerSecond: 8000,
    });
    await new Promise<void>((done) => link.listen(0, '127.0.0.1', done));
    const started = performance.now();
    const received = await new Promise<string>((resolve, reject) => {
      request({ port: (link.address() as AddressInfo).port, host: '127.0.0.1' }, (response) => {
        let text = '';
        response.on('data', (chunk: Buffer) => (text += chunk.toString()));
        response.on('end', () => resolve(text));
      })
        .on('error', reject)
        .end();
    });
    // 20 kB at 8 Mbit/s is 20 ms on the wire, after two round trips of 100 ms.
    expect(performance.now() - started).toBeGreaterThanOrEqual(220);
    expect(received).toBe(body);
    link.close();
    site.close();
  });
});
