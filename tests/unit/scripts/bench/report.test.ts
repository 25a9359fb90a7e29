import { describe, expect, it } from 'vitest';
import {
  bfCacheRefusals,
  medianSample,
  missedGoals,
  renderTable,
  sampleFrom,
  type LighthouseResult,
  type Metric,
  type Sample,
} from '#scripts/bench/report.ts';
import { percentile, renderFunctionTable } from '#scripts/bench/function-report.ts';

const perfect: Sample = {
  performance: 100,
  accessibility: 100,
  'best-practices': 100,
  seo: 100,
  fcpMs: 690,
  lcpMs: 750,
  tbtMs: 0,
  cls: 0,
  totalKib: 20.2,
  kibWithoutPhotos: 13.1,
  jsKib: 0,
  requests: 4,
  documentBytes: 12_900,
  aheadKib: 0,
  bfCache: 1,
};

function lighthouseResult(
  items: object[],
  scores: Partial<Record<string, number>> = {},
  bfCache: { score: number | null; details?: object } = { score: 1 },
) {
  const category = (id: string) => ({ score: scores[id] ?? 1 });
  return {
    categories: {
      performance: category('performance'),
      accessibility: category('accessibility'),
      'best-practices': category('best-practices'),
      seo: category('seo'),
    },
    audits: {
      'first-contentful-paint': { numericValue: 701.4 },
      'largest-contentful-paint': { numericValue: 812.9 },
      'total-blocking-time': { numericValue: 12 },
      'cumulative-layout-shift': { numericValue: 0 },
      'network-requests': { details: { items } },
      'bf-cache': bfCache,
    },
  } satisfies LighthouseResult;
}

describe('sampleFrom', () => {
  it('reads the four scores, the timings and the bytes, leaving photos and pages fetched ahead out of the page weight', () => {
    const sample = sampleFrom(
      lighthouseResult(
        [
          { transferSize: 12 * 1024, resourceType: 'Document', mimeType: 'text/html' },
          { transferSize: 1024, resourceType: 'Image', mimeType: 'image/svg+xml' },
          { transferSize: 7 * 1024, resourceType: 'Image', mimeType: 'image/avif' },
          { transferSize: 2 * 1024, resourceType: 'Script', mimeType: 'text/javascript' },
          { transferSize: 13 * 1024, resourceType: 'Prefetch', mimeType: 'text/html' },
          { transferSize: 14 * 1024, resourceType: 'Prefetch', mimeType: 'text/html' },
        ],
        { performance: 0.994, seo: 0.63 },
      ),
    );
    expect(sample).toEqual({
      performance: 99,
      accessibility: 100,
      'best-practices': 100,
      seo: 63,
      fcpMs: 701.4,
      lcpMs: 812.9,
      tbtMs: 12,
      cls: 0,
      totalKib: 22,
      kibWithoutPhotos: 15,
      jsKib: 2,
      requests: 4,
      documentBytes: 12 * 1024,
      aheadKib: 27,
      bfCache: 1,
    });
  });

  it("reads the back/forward cache audit as passed, failed with Chromium's reasons, or not run", () => {
    const refused = lighthouseResult(
      [],
      {},
      {
        score: 0,
        details: {
          items: [
            {
              reason: 'Only pages whose status code is 2XX can be cached.',
              protocolReason: 'HTTPStatusNotOK',
            },
            {
              reason: 'Pages with an unload handler are not eligible.',
              protocolReason: 'UnloadHandlerExistsInMainFrame',
            },
          ],
        },
      },
    );
    expect(sampleFrom(refused).bfCache).toBe(0);
    expect(bfCacheRefusals(refused)).toEqual(['HTTPStatusNotOK', 'UnloadHandlerExistsInMainFrame']);
    expect(sampleFrom(lighthouseResult([])).bfCache).toBe(1);
    expect(bfCacheRefusals(lighthouseResult([]))).toEqual([]);
    // Lighthouse leaves the audit unscored under old headless Chrome: nothing was measured.
    const notRun = lighthouseResult([], {}, { score: null });
    expect(sampleFrom(notRun).bfCache).toBeNaN();
    expect(meetsGoal('bfCache', sampleFrom(notRun).bfCache)).toBe(false);
  });

  it('reports a missing audit as NaN, which then misses its goal', () => {
    const result = lighthouseResult([]);
    delete (result.audits as Partial<typeof result.audits>)['total-blocking-time'];
    const sample = sampleFrom(result);
    expect(sample.tbtMs).toBeNaN();
    expect(meetsGoal('tbtMs', sample.tbtMs)).toBe(false);
  });
});

/** The table's cell for `metric` at `value` on an otherwise perfect route, e.g. `33 ✗`. */
function formatCell(metric: Metric, value: number, ungraded: readonly Metric[] = []): string {
  const cells = (sample: Sample) =>
    renderTable([{ route: '/', median: sample, ungraded }])
      .split('\n')[2]!
      .split('|')
      .map((cell) => cell.trim());
  const shown = cells({ ...perfect, [metric]: value });
  // The metric's column: the one cell that changes when only that figure does.
  const low = cells({ ...perfect, [metric]: Number.NaN });
  const high = cells({ ...perfect, [metric]: 123_456.789 });
  return shown[low.findIndex((cell, i) => cell !== high[i])]!;
}

/** true or false against the goal as the table marks it and counts it; undefined where it marks none. */
function meetsGoal(metric: Metric, value: number, ungraded: readonly Metric[] = []): boolean | undefined {
  const missed = missedGoals([{ route: '/', median: { ...perfect, [metric]: value }, ungraded }]);
  const cell = formatCell(metric, value, ungraded);
  const marked = cell.endsWith(' ✓') ? true : cell.endsWith(' ✗') ? false : undefined;
  expect(missed, `${metric} ${value}`).toBe(marked === false ? 1 : 0);
  return marked;
}

/** The median of the runs' values of one metric. */
const median = (values: number[]) => medianSample(values.map((tbtMs) => ({ ...perfect, tbtMs }))).tbtMs;

describe('median', () => {
  it('takes the middle of an odd count and the mean of the two middles of an even one', () => {
    expect(median([30, 0, 12])).toBe(12);
    expect(median([40, 0, 10, 20])).toBe(15);
  });

  it('refuses an empty list', () => {
    expect(() => median([])).toThrow(/no values/);
  });

  it('takes each metric on its own across the runs', () => {
    const runs = [
      { ...perfect, tbtMs: 90, lcpMs: 700 },
      { ...perfect, tbtMs: 0, lcpMs: 900 },
      { ...perfect, tbtMs: 10, lcpMs: 800 },
    ];
    expect(medianSample(runs)).toEqual({ ...perfect, tbtMs: 10, lcpMs: 800 });
  });
});

describe('goals', () => {
  it('asks scores of 100 and timings at or under their limits', () => {
    expect(meetsGoal('performance', 100)).toBe(true);
    expect(meetsGoal('performance', 99)).toBe(false);
    expect(meetsGoal('lcpMs', 900)).toBe(true);
    expect(meetsGoal('lcpMs', 901)).toBe(false);
    expect(meetsGoal('fcpMs', 801)).toBe(false);
    expect(meetsGoal('tbtMs', 0)).toBe(true);
    expect(meetsGoal('tbtMs', 1)).toBe(false);
    expect(meetsGoal('cls', 0.001)).toBe(false);
    expect(meetsGoal('kibWithoutPhotos', 50)).toBe(true);
    expect(meetsGoal('kibWithoutPhotos', 50.1)).toBe(false);
    // The page's whole answer in TCP's first round trip: ten segments of 1,460 bytes.
    expect(meetsGoal('documentBytes', 14_600)).toBe(true);
    expect(meetsGoal('documentBytes', 14_601)).toBe(false);
    expect(meetsGoal('bfCache', 1)).toBe(true);
    expect(meetsGoal('bfCache', 0)).toBe(false);
    // Two runs of four refused: the median is not a pass.
    expect(meetsGoal('bfCache', 0.5)).toBe(false);
  });

  it('marks nothing where no goal applies or the route is not graded on the metric', () => {
    expect(meetsGoal('totalKib', 80)).toBeUndefined();
    expect(meetsGoal('requests', 9)).toBeUndefined();
    expect(meetsGoal('seo', 63, ['seo'])).toBeUndefined();
    expect(meetsGoal('seo', 63)).toBe(false);
  });

  it('formats each figure with its mark', () => {
    expect(formatCell('cls', 0)).toBe('0.000 ✓');
    expect(formatCell('tbtMs', 33.4)).toBe('33 ✗');
    expect(formatCell('totalKib', 20.24)).toBe('20.2');
    expect(formatCell('seo', 63, ['seo'])).toBe('63');
    expect(formatCell('bfCache', 1)).toBe('yes ✓');
    expect(formatCell('bfCache', 0)).toBe('no ✗');
    expect(formatCell('bfCache', 0, ['bfCache'])).toBe('no');
  });
});

describe('renderTable', () => {
  const rows = [
    { route: '/', median: perfect },
    { route: '/contact/sent', median: { ...perfect, seo: 63, tbtMs: 40 }, ungraded: ['seo'] as const },
  ];

  it('prints one aligned Markdown row per route, each figure marked against its goal', () => {
    const lines = renderTable(rows).split('\n');
    expect(lines).toHaveLength(4);
    expect(new Set(lines.map((line) => line.length)).size).toBe(1);
    expect(lines[0]).toMatch(/^\| route +\| perf +\| a11y +\| best +\| seo +\| FCP ms +\| LCP ms +\| TBT ms/);
    expect(lines[2]).toMatch(/^\| \/ +\| 100 ✓ \| 100 ✓ \| 100 ✓ \| 100 ✓ \| 690 ✓ +\| 750 ✓ +\| 0 ✓ /);
    expect(lines[3]).toMatch(/\| 63 +\| 690 ✓ +\| 750 ✓ +\| 40 ✗ +\| 0\.000 ✓/);
  });

  it("prints Chromium's reasons under the table for each route the back/forward cache refused", () => {
    const lines = renderTable([
      ...rows,
      {
        route: '404 (/missing)',
        median: { ...perfect, bfCache: 0 },
        ungraded: ['bfCache'],
        bfCacheRefusals: ['HTTPStatusNotOK'],
      },
    ]).split('\n');
    expect(lines).toHaveLength(6);
    expect(lines[4]).toMatch(/^\| 404 \(\/missing\) .*\| no +\|$/);
    expect(lines[5]).toBe('bfcache refused on 404 (/missing): HTTPStatusNotOK');
  });

  it('counts the figures that miss their goal', () => {
    expect(missedGoals(rows)).toBe(1);
    expect(missedGoals([{ route: '/', median: { ...perfect, lcpMs: 950, accessibility: 98 } }])).toBe(2);
  });
});

describe('the function bench', () => {
  it('takes nearest-rank percentiles', () => {
    const values = Array.from({ length: 100 }, (_, i) => 100 - i);
    expect(percentile(values, 50)).toBe(50);
    expect(percentile(values, 99)).toBe(99);
    expect(percentile(values, 100)).toBe(100);
    expect(percentile([7], 99)).toBe(7);
    expect(percentile([], 50)).toBeNaN();
  });

  it('prints a path, its status, runs, p50 and p99 per row', () => {
    const table = renderFunctionTable([
      { path: 'invalid fields', status: 422, timingsMs: [0.5, 0.25, 2, 150] },
      { path: 'rate limited', status: 429, timingsMs: [12.345] },
    ]);
    expect(table.split('\n')).toEqual([
      'path            status  runs  p50 ms  p99 ms',
      'invalid fields     422     4   0.500     150',
      'rate limited       429     1   12.35   12.35',
    ]);
  });
});
