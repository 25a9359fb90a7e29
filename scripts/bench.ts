/**
 * `npm run bench`: builds the site, serves it with our own server, runs Lighthouse (mobile preset,
 * simulated throttling) three times on every route and prints the medians against the goals.
 * The full results are saved in bench-results/ (git-ignored). Timings live here, never in tests.
 *
 * Options: --no-build (measure dist/ as it is), --runs N (default 3), --route /path (repeatable).
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { join, resolve } from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { indexableRoutes } from '../src/lib/navigation.ts';
import { createSiteServer } from '../server/server.ts';

const project = resolve(import.meta.dirname, '..');
const dist = resolve(project, process.env.OUT_DIR ?? 'dist');
const args = process.argv.slice(2);
const option = (name: string) =>
  args.flatMap((arg, i) => (arg === name && args[i + 1] ? [args[i + 1]!] : []));
const runs = Number(option('--runs')[0] ?? 3);
const routes = option('--route').length > 0 ? option('--route') : [...indexableRoutes];

const goals = {
  performance: 100,
  accessibility: 100,
  'best-practices': 100,
  seo: 100,
  fcpMs: 800,
  lcpMs: 900,
  tbtMs: 0,
  cls: 0,
  kibWithoutPhotos: 50,
};

interface Sample {
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
}

type Metric = keyof Sample;

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
};

interface NetworkItem {
  transferSize?: number;
  resourceType?: string;
  mimeType?: string;
}

function sampleFrom(lhr: NonNullable<Awaited<ReturnType<typeof lighthouse>>>['lhr']): Sample {
  const score = (id: string) => Math.round((lhr.categories[id]?.score ?? 0) * 100);
  const value = (id: string) => lhr.audits[id]?.numericValue ?? Number.NaN;
  const requests = ((lhr.audits['network-requests']?.details as { items?: NetworkItem[] } | undefined)
    ?.items ?? []) as NetworkItem[];
  const bytes = (filter: (item: NetworkItem) => boolean) =>
    requests.filter(filter).reduce((sum, item) => sum + (item.transferSize ?? 0), 0) / 1024;
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
    totalKib: bytes(() => true),
    kibWithoutPhotos: bytes((item) => !isPhoto(item)),
    jsKib: bytes((item) => item.resourceType === 'Script'),
    requests: requests.length,
  };
}

function meetsGoal(metric: Metric, value: number): boolean | undefined {
  if (!(metric in goals)) return undefined;
  const goal = goals[metric as keyof typeof goals];
  return ['performance', 'accessibility', 'best-practices', 'seo'].includes(metric)
    ? value >= goal
    : value <= goal;
}

function format(metric: Metric, value: number): string {
  const text =
    metric === 'cls'
      ? value.toFixed(3)
      : metric.endsWith('Kib')
        ? value.toFixed(1)
        : String(Math.round(value));
  const mark = meetsGoal(metric, value);
  return mark === undefined ? text : `${text} ${mark ? '✓' : '✗'}`;
}

if (!args.includes('--no-build')) {
  const astro = join(project, 'node_modules', 'astro', 'bin', 'astro.mjs');
  const build = spawnSync(process.execPath, [astro, 'build', '--outDir', dist], {
    cwd: project,
    stdio: 'inherit',
  });
  if (build.status !== 0) process.exit(build.status ?? 1);
}

const server = createSiteServer({ root: dist, log: () => {} });
await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
const origin = `http://localhost:${(server.address() as AddressInfo).port}`;

const systemChromium = '/usr/bin/chromium';
const chrome = await chromeLauncher.launch({
  chromePath: process.env.CHROME_PATH ?? (existsSync(systemChromium) ? systemChromium : undefined),
  chromeFlags: [
    '--headless=new',
    '--no-sandbox',
    '--disable-gpu',
    '--disable-background-networking',
    '--disable-component-update',
  ],
});

const results: Record<string, { samples: Sample[]; median: Sample }> = {};
try {
  for (const route of routes) {
    const samples: Sample[] = [];
    for (let run = 0; run < runs; run += 1) {
      const result = await lighthouse(`${origin}${route}`, {
        port: chrome.port,
        output: 'json',
        logLevel: 'error',
      });
      if (!result) throw new Error(`Lighthouse returned nothing for ${route}`);
      samples.push(sampleFrom(result.lhr));
    }
    const metrics = Object.keys(samples[0]!) as Metric[];
    results[route] = {
      samples,
      median: Object.fromEntries(
        metrics.map((metric) => [metric, median(samples.map((s) => s[metric]))]),
      ) as Record<Metric, number>,
    };
    process.stderr.write(`measured ${route}\n`);
  }
} finally {
  await chrome.kill();
  server.close();
}

const columns: Metric[] = [
  'performance',
  'accessibility',
  'best-practices',
  'seo',
  'fcpMs',
  'lcpMs',
  'tbtMs',
  'cls',
  'totalKib',
  'kibWithoutPhotos',
  'jsKib',
  'requests',
];
const header = [
  'route',
  'perf',
  'a11y',
  'best',
  'seo',
  'FCP ms',
  'LCP ms',
  'TBT ms',
  'CLS',
  'KiB',
  'KiB no photos',
  'JS KiB',
  'requests',
];
const rows = Object.entries(results).map(([route, { median: m }]) => [
  route,
  ...columns.map((metric) => format(metric, m[metric])),
]);
const widths = header.map((title, i) => Math.max(title.length, ...rows.map((row) => row[i]!.length)));
const line = (cells: string[]) => `| ${cells.map((cell, i) => cell.padEnd(widths[i]!)).join(' | ')} |`;
console.log(
  `\nLighthouse mobile, median of ${runs} (✓ meets the goal: LCP ≤ 0.9 s, FCP ≤ 0.8 s, CLS 0, TBT 0, scores 100, ≤ 50 KiB without photos)`,
);
console.log(line(header));
console.log(line(widths.map((width) => '-'.repeat(width))));
for (const row of rows) console.log(line(row));

const folder = join(project, 'bench-results');
mkdirSync(folder, { recursive: true });
const stamp = new Date().toISOString().replace(/[:.]/g, '-');
const report = JSON.stringify({ date: new Date().toISOString(), runs, goals, results }, null, 2);
writeFileSync(join(folder, `bench-${stamp}.json`), report);
writeFileSync(join(folder, 'latest.json'), report);
console.log(`\nSaved bench-results/bench-${stamp}.json`);
