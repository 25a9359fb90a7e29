/**
 * `npm run bench`: builds the site, serves it with our own server, runs Lighthouse (mobile preset,
 * simulated throttling) three times on every route and prints the medians against the goals.
 * The medians and every full Lighthouse report are saved in bench-results/ (git-ignored).
 * Timings live here, never in tests.
 *
 * The routes, and what each is graded on: scripts/bench/routes.ts.
 *
 * Then on a slow phone (scripts/bench/slow-phone.ts): each island's first tap, a repeat visit and
 * Back (beside the compared build), and tap → the next page's first contentful paint, with and
 * without the Speculation-Rules header. Last, the share of first presses across hydration that
 * land, per engine (scripts/bench/first-presses.ts: the suite's sweeps, --runs times over).
 *
 * Two starts, one table each: arrival (Lighthouse's default, from about:blank) and in-site (from
 * the home page). Why they differed (an opener policy on public pages, since removed) is under
 * "Main-thread work on load" in docs/performance.md. `--compare DIR` measures another static
 * build (a template, an earlier commit) in the same run and prints its tables beside these.
 *
 * First, the contact function in-process (scripts/bench/function.ts): p50/p99 of its refusal and
 * validation paths, and 50 concurrent valid sends; then one run of the retry job over 1,000, 10,000
 * and 50,000 stored records (scripts/bench/enquiry-job.ts).
 *
 * Options: `npm run bench -- --help` (parsed with util.parseArgs); `--busy` keeps one core busy
 * while measuring (scripts/bench/busy-core.ts), as a phone or a CI machine is busy.
 * `--trace`: traces of page loads instead (scripts/bench/load-trace.ts).
 *
 * `--articles [N]` measures build time instead: N generated posts (default 200) in a temporary copy,
 * built from a cold cache and again after one edit (scripts/bench/articles.ts).
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { join, resolve } from 'node:path';
import { benchOptions } from './bench/options.ts';
import { benchRoutes, missingPath, routeLabel } from './bench/routes.ts';
import type { RouteRow, Sample } from './bench/report.ts';

const project = resolve(import.meta.dirname, '..');
const folder = join(project, 'bench-results');
const dist = resolve(project, process.env.OUT_DIR ?? 'dist');
const { values, positionals, whole, comparison } = benchOptions();
const runs = whole(values.runs, '--runs', 3);

// Loaded once the options are known to be good: Lighthouse and the rest take seconds to load, which a
// wrong option, --help or a --compare build that cannot be served should not wait for.
const [chromeLauncher, { default: lighthouse }, { createSiteServer }] = await Promise.all([
  import('chrome-launcher'),
  import('lighthouse'),
  import('../server/server.ts'),
]);
const [{ benchFunction }, { benchEnquiryJob }, { benchArticles }, report] = await Promise.all([
  import('./bench/function.ts'),
  import('./bench/enquiry-job.ts'),
  import('./bench/articles.ts'),
  import('./bench/report.ts'),
]);
const { bfCacheRefusals, goals, goalsInWords, medianSample, missedGoals, renderTable, sampleFrom } = report;

if (values.articles) {
  benchArticles(whole(positionals[0], '--articles', 200));
  process.exit(0);
}

const allStarts = {
  arrival: { title: "arrival: from about:blank (Lighthouse's default)", blankPage: undefined },
  'in-site': { title: 'in-site: from the home page', blankPage: '/' },
} as const;
type Start = keyof typeof allStarts;
const starts = (values.start.length > 0 ? values.start : Object.keys(allStarts)).map((start) => {
  if (!(start in allStarts)) throw new Error(`--start is one of: ${Object.keys(allStarts).join(', ')}`);
  return start as Start;
});

const tapsOnly = values['taps-only'];
const pagesOnly = tapsOnly || values['presses-only'] || values.trace;
const functionResults = values['job-only'] || pagesOnly ? undefined : await benchFunction();
const jobResults = pagesOnly ? undefined : await benchEnquiryJob();
mkdirSync(folder, { recursive: true });
if (functionResults)
  writeFileSync(join(folder, 'function-latest.json'), JSON.stringify(functionResults, null, 2));
if (jobResults) writeFileSync(join(folder, 'enquiry-job-latest.json'), JSON.stringify(jobResults, null, 2));
if (values['function-only'] || values['job-only']) process.exit(0);

if (!values['no-build']) {
  const astro = join(project, 'node_modules', 'astro', 'bin', 'astro.mjs');
  const build = spawnSync(process.execPath, [astro, 'build', '--outDir', dist], {
    cwd: project,
    stdio: 'inherit',
  });
  if (build.status !== 0) process.exit(build.status ?? 1);
}

const { routes, ungraded } = benchRoutes(dist, values.route);
// After the build, which would otherwise share its cores with the spinner.
const busy = values.busy ? (await import('./bench/busy-core.ts')).busyCore() : undefined;
if (busy) console.log('One core kept busy while measuring (--busy).');

/** Serves a build on a port of its own; its origin. */
async function serve(root: string) {
  const server = createSiteServer({ root, log: () => {} });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  return { server, origin: `http://localhost:${(server.address() as AddressInfo).port}` };
}
const { server, origin } = await serve(dist);
const comparedRoot =
  comparison && (await (await import('./bench/compared-build.ts')).servedAsBuilt(comparison.dir));
const compared =
  comparison && comparedRoot
    ? { ...comparison, root: comparedRoot, ...(await serve(comparedRoot)) }
    : undefined;

const systemChromium = '/usr/bin/chromium';
const chromePath = process.env.CHROME_PATH ?? (existsSync(systemChromium) ? systemChromium : undefined);

const presses = values['no-presses'] ? undefined : await import('./bench/first-presses.ts');
if (values['presses-only'] && presses) presses.benchFirstPressesAlone(project, folder, runs, busy);

if (values.trace) {
  const trace = await import('./bench/load-trace.ts');
  await trace.benchLoadTraces(
    chromePath ?? systemChromium,
    { origin, routes },
    compared,
    runs,
    folder,
    !!busy,
  );
  process.exit(0);
}

const chrome = await chromeLauncher.launch({
  chromePath,
  chromeFlags: [
    '--headless=new',
    '--no-sandbox',
    '--disable-gpu',
    '--disable-background-networking',
    '--disable-component-update',
  ],
});

const reports = join(folder, 'reports');
rmSync(reports, { recursive: true, force: true });
mkdirSync(reports, { recursive: true });
const reportName = (start: Start, route: string, run: number) =>
  `${start}-${route.replace(/^\//, '').replace(/\//g, '-') || 'home'}-${run + 1}.json`;

/**
 * Lighthouse now and then fails to record a trace (NO_NAVSTART), mostly on a fresh browser's first
 * page; such a run measured nothing, so it is repeated rather than counted.
 */
async function measure(route: string, start: Start, site = origin, attempts = 3) {
  const { blankPage } = allStarts[start];
  for (let attempt = 1; ; attempt += 1) {
    const result = await lighthouse(`${site}${route}`, {
      port: chrome.port,
      output: 'json',
      logLevel: 'error',
      ...(blankPage ? { blankPage: `${site}${blankPage}` } : {}),
      ...(route === missingPath ? { ignoreStatusCode: true } : {}),
    });
    if (!result) throw new Error(`Lighthouse returned nothing for ${route}`);
    const { runtimeError } = result.lhr;
    if (!runtimeError) return result;
    if (attempt === attempts) {
      throw new Error(`Lighthouse could not measure ${route}: ${runtimeError.message}`);
    }
    process.stderr.write(`repeating ${route}: ${runtimeError.code}\n`);
  }
}

type Measured = { samples: Sample[]; median: Sample; bfCacheRefusals: string[] };
type Results = Record<string, Record<string, Measured>>;
const results: Results = {};
const comparedResults: Results = {};
// Loaded only when used: it brings puppeteer, which --help and --function-only do without.
const slowPhone = values['no-taps'] ? undefined : await import('./bench/slow-phone.ts');
let taps: Awaited<ReturnType<NonNullable<typeof slowPhone>['benchSlowPhone']>> | undefined;
let pressRows: ReturnType<NonNullable<typeof presses>['benchFirstPresses']> | undefined;

/** Measures `route` of one site `runs` times from `start` into `into`, keeping every report. */
async function measureRoute(into: Results, site: string, route: string, start: Start, prefix = '') {
  const samples: Sample[] = [];
  const refusals = new Set<string>();
  for (let run = 0; run < runs; run += 1) {
    const result = await measure(route, start, site);
    // Every whole report of the latest bench is kept, for finding what a figure comes from.
    writeFileSync(join(reports, `${prefix}${reportName(start, route, run)}`), result.report as string);
    samples.push(sampleFrom(result.lhr));
    for (const reason of bfCacheRefusals(result.lhr)) refusals.add(reason);
  }
  (into[start] ??= {})[route] = { samples, median: medianSample(samples), bfCacheRefusals: [...refusals] };
  process.stderr.write(`measured ${prefix}${start} ${route}\n`);
}

try {
  for (const start of tapsOnly ? [] : starts) {
    for (const route of routes) await measureRoute(results, origin, route, start);
    if (compared)
      for (const route of compared.routes)
        await measureRoute(comparedResults, compared.origin, route, start, 'compared-');
  }
  if (slowPhone) taps = await slowPhone.benchSlowPhone(dist, compared, runs, chrome.port);
  if (presses && !tapsOnly) pressRows = presses.benchFirstPresses(project, folder, runs);
} finally {
  busy?.stop();
  chrome.kill();
  server.close();
  compared?.server.close();
}

let missed = taps && slowPhone ? slowPhone.printSlowPhone(taps, runs) : 0;
if (presses && pressRows) missed += presses.printFirstPresses(pressRows, runs, !!busy);
for (const start of tapsOnly ? [] : starts) {
  const rows: RouteRow[] = routes.map((route) => ({
    ...results[start]![route]!,
    route: routeLabel(route),
    ungraded: ungraded(route),
  }));
  missed += missedGoals(rows);
  console.log(`\nLighthouse mobile, ${allStarts[start].title}, median of ${runs}`);
  console.log(`✓ meets the goal (${goalsInWords}), ✗ misses it\n`);
  console.log(renderTable(rows));
  if (!compared) continue;
  // Side by side: the other build's pages under the same goals, not counted in what this site misses.
  console.log(`\nCompared: ${compared.dir}, ${allStarts[start].title}, median of ${runs}\n`);
  console.log(renderTable(compared.routes.map((route) => ({ ...comparedResults[start]![route]!, route }))));
}

const stamp = new Date().toISOString().replace(/[:.]/g, '-');
const summary = JSON.stringify(
  {
    date: new Date().toISOString(),
    runs,
    busy: Boolean(busy),
    goals,
    results,
    ...(compared ? { compared: { dir: compared.dir, results: comparedResults } } : {}),
    taps,
    firstPresses: pressRows,
    function: functionResults,
    job: jobResults,
  },
  null,
  2,
);
writeFileSync(join(folder, `bench-${stamp}.json`), summary);
writeFileSync(join(folder, 'latest.json'), summary);
console.log(`\n${missed} figure(s) miss their goal. Saved bench-results/bench-${stamp}.json`);
