/**
 * `npm run bench -- --trace`: what the main thread does after the first contentful paint.
 * Each route is loaded in a fresh Chromium context at Lighthouse's phone size, unthrottled as
 * Lighthouse observes it, and traced; every main-thread task that ends after the first contentful
 * paint is kept with its wall and thread (CPU) time and what filled it (parsing, style, layout,
 * script, paint). Lighthouse's mobile preset multiplies each observed task by four, so a task over
 * 12.5 ms of wall time here counts towards its TBT; on a busy machine wall time grows where CPU time
 * does not, so both are printed. Medians over `runs` loads, this site's and a compared build's
 * interleaved.
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import puppeteer, { type Browser } from 'puppeteer-core';

interface TraceEvent {
  name: string;
  ph: string;
  ts: number;
  dur?: number;
  tdur?: number;
  pid: number;
  tid: number;
  args?: { name?: string; frame?: string; data?: { frame?: string; isMainFrame?: boolean } };
}

interface TaskAfterPaint {
  startMs: number;
  wallMs: number;
  cpuMs: number;
  parts: Record<string, number>;
}

interface LoadTrace {
  route: string;
  fcpMs: number;
  tasks: TaskAfterPaint[];
}

// Trace event names grouped as Lighthouse's main-thread breakdown groups them.
const kinds: Record<string, string> = {
  ParseHTML: 'parse',
  ParseAuthorStyleSheet: 'parse-css',
  UpdateLayoutTree: 'style',
  RecalculateStyles: 'style',
  Layout: 'layout',
  EvaluateScript: 'script',
  'v8.compile': 'script',
  FunctionCall: 'script',
  TimerFire: 'script',
  EventDispatch: 'script',
  Paint: 'paint',
  PrePaint: 'paint',
  Layerize: 'paint',
  UpdateLayer: 'paint',
  'Document::updateStyleAndLayout': 'style',
  HitTest: 'layout',
};

const categories = [
  'devtools.timeline',
  'disabled-by-default-devtools.timeline',
  'loading',
  'blink.user_timing',
  'toplevel',
  'v8.execute',
];

function tasksAfterPaint(
  events: TraceEvent[],
): { fcp: number; start: number; tasks: TaskAfterPaint[] } | undefined {
  const fcp = events.find((event) => event.name === 'firstContentfulPaint');
  const navigation = events.find((event) => event.name === 'navigationStart' && event.pid === fcp?.pid);
  if (!fcp || !navigation) return undefined;
  const main = events.find(
    (event) => event.pid === fcp.pid && event.name === 'thread_name' && event.args?.name === 'CrRendererMain',
  );
  const thread = events.filter((event) => event.pid === fcp.pid && event.tid === (main?.tid ?? fcp.tid));
  const tops = thread.filter(
    (event) => event.ph === 'X' && event.name === 'RunTask' && event.dur !== undefined,
  );
  const tasks = tops
    .filter((task) => task.ts + (task.dur ?? 0) > fcp.ts && (task.dur ?? 0) >= 1000)
    .map((task) => {
      const end = task.ts + (task.dur ?? 0);
      const parts: Record<string, number> = {};
      // Only the outermost event of each kind counts, nested ones being inside it: in start order
      // (the longer first on a tie), an event is nested when it starts before the last counted
      // one of its kind has ended.
      const outerEnd: Record<string, number> = {};
      const inside = thread
        .filter((event) => event.ph === 'X' && kinds[event.name] && event.ts >= task.ts && event.ts < end)
        .sort((a, b) => a.ts - b.ts || (b.dur ?? 0) - (a.dur ?? 0));
      for (const event of inside) {
        const kind = kinds[event.name]!;
        if (event.ts < (outerEnd[kind] ?? -Infinity)) continue;
        outerEnd[kind] = event.ts + (event.dur ?? 0);
        parts[kind] = (parts[kind] ?? 0) + (event.tdur ?? event.dur ?? 0) / 1000;
      }
      return {
        startMs: (task.ts - navigation.ts) / 1000,
        wallMs: (task.dur ?? 0) / 1000,
        cpuMs: (task.tdur ?? task.dur ?? 0) / 1000,
        parts,
      };
    });
  return { fcp: fcp.ts, start: navigation.ts, tasks };
}

async function traceLoad(browser: Browser, url: string, route: string): Promise<LoadTrace> {
  const context = await browser.createBrowserContext();
  try {
    const page = await context.newPage();
    await page.setViewport({
      width: 412,
      height: 823,
      deviceScaleFactor: 1.75,
      isMobile: true,
      hasTouch: true,
    });
    await page.tracing.start({ categories });
    await page.goto(url, { waitUntil: 'load' });
    await new Promise((done) => setTimeout(done, 2500));
    const buffer = await page.tracing.stop();
    const { traceEvents } = JSON.parse(new TextDecoder().decode(buffer)) as { traceEvents: TraceEvent[] };
    const found = tasksAfterPaint(traceEvents);
    if (!found) throw new Error(`${route}: no first contentful paint in the trace`);
    return { route, fcpMs: (found.fcp - found.start) / 1000, tasks: found.tasks };
  } finally {
    await context.close();
  }
}

const launchTracer = (executablePath: string) =>
  puppeteer.launch({ executablePath, headless: true, args: ['--no-sandbox', '--disable-gpu'] });

/** A task Lighthouse's 4× slowdown turns into a long one (over 50 ms). */
const longAt1x = 12.5;

interface TraceRow {
  route: string;
  fcpMs: number;
  longTasks: number;
  longestWallMs: number;
  longestCpuMs: number;
  cpuAfterPaintMs: number;
  parts: Record<string, number>;
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;

/** The medians of `runs` traced loads of each route, one row per site and route. */
async function traceRoutes(
  browser: Browser,
  sites: { label: string; origin: string; routes: string[] }[],
  runs: number,
): Promise<Record<string, TraceRow[]>> {
  const traces = new Map<string, LoadTrace[]>();
  const routes = [...new Set(sites.flatMap((site) => site.routes))];
  for (const route of routes)
    for (let run = 0; run < runs; run += 1)
      for (const site of sites.filter((each) => each.routes.includes(route))) {
        const key = `${site.label} ${route}`;
        traces.set(key, [
          ...(traces.get(key) ?? []),
          await traceLoad(browser, `${site.origin}${route}`, route),
        ]);
      }
  return Object.fromEntries(
    sites.map((site) => [
      site.label,
      site.routes.map((route): TraceRow => {
        const loads = traces.get(`${site.label} ${route}`) ?? [];
        const parts: Record<string, number> = {};
        for (const load of loads)
          for (const task of load.tasks)
            for (const [kind, ms] of Object.entries(task.parts))
              parts[kind] = (parts[kind] ?? 0) + ms / loads.length;
        return {
          route,
          fcpMs: median(loads.map((load) => load.fcpMs)),
          longTasks: median(loads.map((load) => load.tasks.filter((task) => task.wallMs > longAt1x).length)),
          longestWallMs: median(loads.map((load) => Math.max(0, ...load.tasks.map((task) => task.wallMs)))),
          longestCpuMs: median(loads.map((load) => Math.max(0, ...load.tasks.map((task) => task.cpuMs)))),
          cpuAfterPaintMs: median(loads.map((load) => load.tasks.reduce((sum, task) => sum + task.cpuMs, 0))),
          parts,
        };
      }),
    ]),
  );
}

/** One table per site: a row per route. */
function renderTraceTable(label: string, rows: TraceRow[]): string {
  const kinds = ['parse', 'style', 'layout', 'paint', 'script'];
  const header = [
    'route',
    'FCP ms',
    `tasks >${longAt1x} ms`,
    'longest wall',
    'longest CPU',
    'CPU after FCP',
    ...kinds,
  ];
  const lines = rows.map((row) => [
    row.route,
    row.fcpMs.toFixed(0),
    String(row.longTasks),
    row.longestWallMs.toFixed(1),
    row.longestCpuMs.toFixed(1),
    row.cpuAfterPaintMs.toFixed(1),
    ...kinds.map((kind) => (row.parts[kind] ?? 0).toFixed(1)),
  ]);
  const widths = header.map((title, column) =>
    Math.max(title.length, ...lines.map((line) => line[column]!.length)),
  );
  const format = (cells: string[]) => cells.map((cell, column) => cell.padEnd(widths[column]!)).join('  ');
  return [
    `${label}: main thread after the first contentful paint (medians, ms at 1×)`,
    format(header),
    ...lines.map(format),
  ].join('\n');
}

/** `--trace`: prints a table per site and saves the rows (and whether a core was kept busy) in `folder`. */
export async function benchLoadTraces(
  chromePath: string,
  site: { origin: string; routes: string[] },
  compared: { dir: string; origin: string; routes: string[] } | undefined,
  runs: number,
  folder: string,
  busy: boolean,
): Promise<void> {
  const sites = [{ label: 'this site', ...site }];
  if (compared)
    sites.push({ label: `compared: ${compared.dir}`, origin: compared.origin, routes: compared.routes });
  const browser = await launchTracer(chromePath);
  try {
    const traced = await traceRoutes(browser, sites, runs);
    for (const [label, rows] of Object.entries(traced)) console.log(`\n${renderTraceTable(label, rows)}`);
    writeFileSync(join(folder, 'trace-latest.json'), JSON.stringify({ busy, runs, traced }, null, 2));
  } finally {
    await browser.close();
  }
}
