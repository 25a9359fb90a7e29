/**
 * The bench's arithmetic and its table: what a Lighthouse result is reduced to, the median of the
 * runs, and each figure marked against the site's speed goals. No timing happens here, so it is
 * unit-tested like the rest of the pure logic.
 */

/**
 * What TCP's first round trip carries on a new connection: ten segments of 1,460 bytes, as
 * Lighthouse's simulation models it. A page whose whole answer (headers and compressed body) is
 * larger waits a second round trip, 150 ms in the mobile preset, before its first paint.
 */
export const firstRoundTripBytes = 10 * 1460;

export const goals = {
  performance: 100,
  accessibility: 100,
  'best-practices': 100,
  seo: 100,
  fcpMs: 800,
  lcpMs: 900,
  tbtMs: 0,
  cls: 0,
  kibWithoutPhotos: 50,
  documentBytes: firstRoundTripBytes,
  bfCache: 1,
} as const;

export const goalsInWords = `LCP ≤ 0.9 s, FCP ≤ 0.8 s, CLS 0, TBT 0, scores 100, ≤ 50 KiB without photos, the page's answer in one round trip (≤ ${firstRoundTripBytes} B), back/forward cache allowed`;

export interface Sample {
  performance: number;
  accessibility: number;
  'best-practices': number;
  seo: number;
  fcpMs: number;
  lcpMs: number;
  tbtMs: number;
  cls: number;
  totalKib: number;
  kibWithoutPhotos: number;
  jsKib: number;
  requests: number;
  /** The page's own answer as sent, headers included: the document request's transfer size. */
  documentBytes: number;
  /** What the speculation rules fetched ahead once the page had loaded, counted apart from the page. */
  aheadKib: number;
  /** 1 when Lighthouse's back/forward cache audit passes (the page was restored on Back), else 0. */
  bfCache: number;
}

export type Metric = keyof Sample;

/** The parts of a Lighthouse result the bench reads (a structural subset of its `lhr`). */
export interface LighthouseResult {
  categories: Record<string, { score: number | null } | undefined>;
  audits: Record<string, { numericValue?: number; score?: number | null; details?: unknown } | undefined>;
}

interface NetworkItem {
  transferSize?: number;
  resourceType?: string;
  mimeType?: string;
}

/** Figures where more is better: the scores, and the back/forward cache's pass. */
const scoreMetrics: readonly Metric[] = ['performance', 'accessibility', 'best-practices', 'seo', 'bfCache'];

export function sampleFrom(lhr: LighthouseResult): Sample {
  const score = (id: string) => Math.round((lhr.categories[id]?.score ?? 0) * 100);
  const value = (id: string) => lhr.audits[id]?.numericValue ?? Number.NaN;
  const details = lhr.audits['network-requests']?.details as { items?: NetworkItem[] } | undefined;
  // Pages the speculation rules fetch ahead (Chrome's "Prefetch" requests) are not the page's own
  // weight: they are counted apart, as the first visit's budgets are (docs/performance.md).
  const isAhead = (item: NetworkItem) => item.resourceType === 'Prefetch';
  const all = details?.items ?? [];
  const requests = all.filter((item) => !isAhead(item));
  const sum = (items: NetworkItem[]) =>
    items.reduce((total, item) => total + (item.transferSize ?? 0), 0) / 1024;
  const kib = (filter: (item: NetworkItem) => boolean) => sum(requests.filter(filter));
  // Photos are the founders' portraits (AVIF/WebP/JPEG); SVG and PNG icons count as page weight.
  const isPhoto = (item: NetworkItem) => /^image\/(jpeg|avif|webp)$/.test(item.mimeType ?? '');
  return {
    performance: score('performance'),
    accessibility: score('accessibility'),
    'best-practices': score('best-practices'),
    seo: score('seo'),
    fcpMs: value('first-contentful-paint'),
    lcpMs: value('largest-contentful-paint'),
    tbtMs: value('total-blocking-time'),
    cls: value('cumulative-layout-shift'),
    totalKib: kib(() => true),
    kibWithoutPhotos: kib((item) => !isPhoto(item)),
    jsKib: kib((item) => item.resourceType === 'Script'),
    requests: requests.length,
    documentBytes: requests.find((item) => item.resourceType === 'Document')?.transferSize ?? Number.NaN,
    aheadKib: sum(all.filter(isAhead)),
    bfCache: passed(lhr.audits['bf-cache']?.score),
  };
}

/** 1 for a passed binary audit, 0 for a failed one, NaN when Lighthouse could not run it. */
const passed = (score: number | null | undefined) => (score === 1 ? 1 : score === 0 ? 0 : Number.NaN);

/**
 * Why Chromium did not restore the page from the back/forward cache, as Lighthouse's audit names
 * the reasons (e.g. `HTTPStatusNotOK`, `UnloadHandlerExistsInMainFrame`): none when it was restored.
 */
export function bfCacheRefusals(lhr: LighthouseResult): string[] {
  const details = lhr.audits['bf-cache']?.details as
    { items?: { protocolReason?: string; reason?: string }[] } | undefined;
  return (details?.items ?? []).map((item) => item.protocolReason ?? item.reason ?? 'unknown');
}

/** The middle value, or the mean of the two middle ones. */
export function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

/** The median of every metric on its own, as Lighthouse's own guidance reads repeated runs. */
export function medianSample(samples: Sample[]): Sample {
  if (samples.length === 0) throw new Error('median of no values');
  const metrics = Object.keys(samples[0] ?? {}) as Metric[];
  return Object.fromEntries(
    metrics.map((metric) => [metric, median(samples.map((sample) => sample[metric]))]),
  ) as unknown as Sample;
}

/** true or false against the goal; undefined where no goal applies or the route is not graded on it. */
function meetsGoal(metric: Metric, value: number, ungraded: readonly Metric[] = []): boolean | undefined {
  if (!(metric in goals) || ungraded.includes(metric)) return undefined;
  const goal = goals[metric as keyof typeof goals];
  if (Number.isNaN(value)) return false;
  return scoreMetrics.includes(metric) ? value >= goal : value <= goal;
}

function formatCell(metric: Metric, value: number, ungraded: readonly Metric[] = []): string {
  const text =
    metric === 'bfCache'
      ? value >= 1
        ? 'yes'
        : 'no'
      : metric === 'cls'
        ? value.toFixed(3)
        : metric.endsWith('Kib')
          ? value.toFixed(1)
          : String(Math.round(value));
  const mark = meetsGoal(metric, value, ungraded);
  return mark === undefined ? text : `${text} ${mark ? '✓' : '✗'}`;
}

const columns: [Metric, string][] = [
  ['performance', 'perf'],
  ['accessibility', 'a11y'],
  ['best-practices', 'best'],
  ['seo', 'seo'],
  ['fcpMs', 'FCP ms'],
  ['lcpMs', 'LCP ms'],
  ['tbtMs', 'TBT ms'],
  ['cls', 'CLS'],
  ['totalKib', 'KiB'],
  ['kibWithoutPhotos', 'KiB no photos'],
  ['jsKib', 'JS KiB'],
  ['requests', 'requests'],
  ['documentBytes', 'page B'],
  ['aheadKib', 'ahead KiB'],
  ['bfCache', 'bfcache'],
];

export interface RouteRow {
  route: string;
  median: Sample;
  /** Figures shown without a mark, each with its reason in the bench (e.g. SEO on a noindex page). */
  ungraded?: readonly Metric[];
  /** Chromium's reasons for not restoring the page from the back/forward cache in any run. */
  bfCacheRefusals?: readonly string[];
}

/**
 * A Markdown table, one row per route, padded so it also reads as plain text, then a line for each
 * route the back/forward cache refused, with Chromium's reasons.
 */
export function renderTable(rows: RouteRow[]): string {
  const header = ['route', ...columns.map(([, title]) => title)];
  const cells = rows.map(({ route, ungraded, median: m }) => [
    route,
    ...columns.map(([metric]) => formatCell(metric, m[metric], ungraded)),
  ]);
  const refusals = rows
    .filter(({ bfCacheRefusals = [] }) => bfCacheRefusals.length > 0)
    .map(({ route, bfCacheRefusals = [] }) => `bfcache refused on ${route}: ${bfCacheRefusals.join(', ')}`);
  return [markdownTable(header, cells), ...refusals].join('\n');
}

/** A Markdown table of `header` and `cells`, padded so it also reads as plain text. */
export function markdownTable(header: string[], cells: string[][]): string {
  const widths = header.map((title, i) => Math.max(title.length, ...cells.map((row) => row[i]!.length)));
  const line = (row: string[]) => `| ${row.map((cell, i) => cell.padEnd(widths[i]!)).join(' | ')} |`;
  return [line(header), line(widths.map((width) => '-'.repeat(width))), ...cells.map(line)].join('\n');
}

/** How many figures in the table miss their goal. */
export function missedGoals(rows: RouteRow[]): number {
  return rows.reduce(
    (count, { ungraded, median: m }) =>
      count + columns.filter(([metric]) => meetsGoal(metric, m[metric], ungraded) === false).length,
    0,
  );
}
