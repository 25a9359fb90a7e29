/**
 * Coming back, on the slow phone of tap.ts: for a page, the bytes and time of a repeat visit (the
 * page opened again in a new tab of the same profile, its HTTP cache warm: the pages revalidate,
 * hashed assets come from the cache), and the time from Back to the page shown again (from the
 * back/forward cache when Chromium keeps it, else loaded anew). Run on this site's build and on a
 * compared one (--compare), so the table shows both side by side.
 */
import type { Browser, Page } from 'puppeteer-core';
import type { VisitRow, VisitSample } from './visit-report.ts';
import { connectTo, cpuSlowdown, pause, phone, serveThrottled } from './tap.ts';

/** In every document: when it was first painted, and whether and when a pageshow restored it. */
function watchShown() {
  const record = window as unknown as { benchPainted?: number; benchRestoredAt?: number };
  new PerformanceObserver((list) => {
    const paint = list.getEntriesByName('first-contentful-paint')[0];
    if (paint) record.benchPainted = performance.timeOrigin + paint.startTime;
  }).observe({ type: 'paint', buffered: true });
  addEventListener('pageshow', (event) => {
    if (event.persisted)
      requestAnimationFrame(() => (record.benchRestoredAt = performance.timeOrigin + performance.now()));
  });
}

async function slowTab(browser: Browser | Awaited<ReturnType<Browser['createBrowserContext']>>) {
  const page = await browser.newPage();
  await page.setViewport(phone);
  await page.emulateCPUThrottling(cpuSlowdown);
  await page.evaluateOnNewDocument(watchShown);
  return page;
}

/** Bytes on the wire (headers included) for what `page` loads until its load event. */
async function countBytes(page: Page) {
  const session = await page.createCDPSession();
  await session.send('Network.enable');
  let bytes = 0;
  session.on('Network.loadingFinished', ({ encodedDataLength }) => (bytes += encodedDataLength));
  return () => bytes;
}

const shown = (page: Page) =>
  page.waitForFunction(
    () => {
      const record = window as unknown as { benchPainted?: number; benchRestoredAt?: number };
      return record.benchRestoredAt ?? record.benchPainted;
    },
    { timeout: 30_000 },
  );

async function measureVisit(browser: Browser, origin: string, route: string, next: string) {
  const context = await browser.createBrowserContext();
  try {
    const first = await slowTab(context);
    await first.goto(`${origin}${route}`, { waitUntil: 'load' });
    await pause(1000);
    // Back: on to the next page, then Back to this one.
    await first.goto(`${origin}${next}`, { waitUntil: 'load' });
    await pause(1000);
    const backAt = Date.now();
    await first.evaluate(() => history.back());
    const backShownAt = Number(await (await shown(first)).jsonValue());
    const restored = await first.evaluate(
      () => (window as unknown as { benchRestoredAt?: number }).benchRestoredAt !== undefined,
    );
    // A repeat visit: the same page in a new tab of the same profile.
    const again = await slowTab(context);
    const bytes = await countBytes(again);
    const startedAt = Date.now();
    await again.goto(`${origin}${route}`, { waitUntil: 'load' });
    const paintedAt = Number(await (await shown(again)).jsonValue());
    const sample: VisitSample = {
      repeatBytes: bytes(),
      repeatMs: paintedAt - startedAt,
      backMs: backShownAt - backAt,
      restored,
    };
    return sample;
  } finally {
    await context.close();
  }
}

/** Each site's pages measured `runs` times, behind the slow link. */
export async function benchVisits(
  sites: { name: string; root: string; route: string; next: string }[],
  runs: number,
  chromePort: number,
): Promise<VisitRow[]> {
  const browser = await connectTo(chromePort);
  const rows: VisitRow[] = [];
  try {
    for (const { name, root, route, next } of sites) {
      const site = await serveThrottled(root);
      try {
        const samples: VisitSample[] = [];
        for (let run = 0; run < runs; run += 1)
          samples.push(await measureVisit(browser, site.origin, route, next));
        rows.push({ site: name, route, next, samples });
        process.stderr.write(`visits: ${name} ${route}\n`);
      } finally {
        site.close();
      }
    }
    return rows;
  } finally {
    await browser.disconnect();
  }
}
