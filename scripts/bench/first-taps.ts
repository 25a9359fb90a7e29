/**
 * The first tap on each island while the page is still busy, on the slow phone of tap.ts: a fresh
 * profile loads the page, and the finger taps as soon as the page is on screen and its fetches
 * ahead have started (the `data-loaded` mark, src/lib/shared/speculation-marks.ts): the island's
 * script is not loaded yet, the link is shared with the fetches ahead. Two figures per tap:
 * - its Event Timing duration: the longest of the tap's events (pointerdown, pointerup, click)
 *   from the finger's event to the next frame painted after its handlers, as the browser reports it;
 * - for the phone menu, press → the first frame showing its panel.
 */
import type { Browser } from 'puppeteer-core';
import { isServiceRoute } from '../../src/lib/shared/routes.ts';
import { builtIndexableRoutes } from '../../tools/built-routes.ts';
import { phoneMenuPanelId } from '../../src/lib/shared/phone-menu.ts';
import { pageLoadedAttribute } from '../../src/lib/shared/speculation-marks.ts';
import type { FirstTap, FirstTapRow, FirstTapSample } from './first-tap-report.ts';
import { connectTo, cpuSlowdown, pause, phone, serveThrottled, touch } from './tap.ts';

const phoneMenu = (route: string): FirstTap => ({
  route,
  label: 'phone menu',
  selector: '[data-phone-menu] summary, [data-phone-menu] button[aria-expanded]',
  opens: `#${phoneMenuPanelId}`,
});

/** The taps measured: the phone menu where a visitor starts, an FAQ answer, the form's first field. */
function firstTaps(serviceRoute: string): FirstTap[] {
  return [
    phoneMenu('/'),
    phoneMenu('/contact'),
    phoneMenu(serviceRoute),
    { route: serviceRoute, label: 'first FAQ question', selector: 'main details summary' },
    { route: '/contact', label: 'form: name field', selector: 'form input[name="name"]' },
  ];
}

/** In the page before anything loads: every event entry, and the frame that first shows `opens`. */
function watch(opens: string | undefined) {
  const record = window as unknown as { benchEvents: PerformanceEventTiming[]; benchShown?: number };
  record.benchEvents = [];
  new PerformanceObserver((list) =>
    record.benchEvents.push(...(list.getEntries() as PerformanceEventTiming[])),
  ).observe({ type: 'event', durationThreshold: 16, buffered: true } as PerformanceObserverInit);
  if (!opens) return;
  addEventListener(
    'pointerdown',
    (event) => {
      const frame = (time: number) => {
        const element = document.querySelector(opens);
        if (element?.checkVisibility({ visibilityProperty: true }))
          record.benchShown = time - event.timeStamp;
        else requestAnimationFrame(frame);
      };
      requestAnimationFrame(frame);
    },
    { capture: true, once: true },
  );
}

const tapEvents = new Set([
  'pointerdown',
  'pointerup',
  'click',
  'mousedown',
  'mouseup',
  'touchstart',
  'touchend',
]);

async function measureFirstTap(browser: Browser, origin: string, tap: FirstTap): Promise<FirstTapSample> {
  const context = await browser.createBrowserContext();
  try {
    const page = await context.newPage();
    await page.setViewport(phone);
    await page.emulateCPUThrottling(cpuSlowdown);
    await page.evaluateOnNewDocument(watch, tap.opens);
    await page.goto(`${origin}${tap.route}`, { waitUntil: 'load' });
    await page.waitForSelector(`html[${pageLoadedAttribute}]`, { timeout: 30_000 });
    await touch(page, tap.selector);
    // Event entries are reported after the frame they end on; a second is ample at 4×.
    await pause(1000);
    const { events, shown } = await page.evaluate(() => {
      const record = window as unknown as { benchEvents: PerformanceEventTiming[]; benchShown?: number };
      return {
        events: record.benchEvents.map(({ name, duration }) => ({ name, duration })),
        shown: record.benchShown,
      };
    });
    const durations = events.filter(({ name }) => tapEvents.has(name)).map(({ duration }) => duration);
    if (tap.opens && shown === undefined)
      throw new Error(`The tap on ${tap.label} at ${tap.route} opened nothing`);
    // No entry: every event of the tap ended on a frame within the 16 ms threshold.
    return { eventMs: Math.max(0, ...durations), ...(shown === undefined ? {} : { shownMs: shown }) };
  } finally {
    await context.close();
  }
}

/** Every first tap of firstTaps(), `runs` times each, on the build in `dist` behind the slow link. */
export async function benchFirstTaps(dist: string, runs: number, chromePort: number): Promise<FirstTapRow[]> {
  const service = builtIndexableRoutes(dist).find(isServiceRoute);
  if (!service) throw new Error('The build has no service page to tap on');
  const browser = await connectTo(chromePort);
  const site = await serveThrottled(dist);
  try {
    const rows: FirstTapRow[] = [];
    for (const tap of firstTaps(service)) {
      const samples: FirstTapSample[] = [];
      for (let run = 0; run < runs; run += 1) samples.push(await measureFirstTap(browser, site.origin, tap));
      rows.push({ tap, samples });
      process.stderr.write(`first tap: ${tap.route} ${tap.label}\n`);
    }
    return rows;
  } finally {
    site.close();
    await browser.disconnect();
  }
}
