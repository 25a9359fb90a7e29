/**
 * The second-page measure: on a slow phone (4× CPU slowdown, the slow link of throttled-link.ts),
 * a finger taps a link and the clock runs from its pointerdown to the next page's first contentful
 * paint. The tap is a real touch: down, held 100 ms, up, so whatever the page or Chrome starts on
 * pointerdown (speculation rules, for one) has the time a finger gives it. Each sample starts
 * from a fresh profile, as a first visit does.
 */
import type { AddressInfo } from 'node:net';
import { chromium, type Browser, type Page } from '@playwright/test';
import { createSiteServer } from '../../server/server.ts';
import type { TapArea, TapPair } from './tap-pairs.ts';
import { slowPhoneLink, throttledLink } from './throttled-link.ts';

/** Lighthouse's mobile screen (a mid-range phone), and its CPU slowdown. */
const phone = {
  viewport: { width: 412, height: 823 },
  deviceScaleFactor: 1.75,
  isMobile: true,
  hasTouch: true,
};
const cpuSlowdown = 4;
const holdMs = 100;
/** Time on the first page before the tap, as a visitor reads before tapping. */
const readingMs = 2000;

const linkSelector: Record<TapArea, (href: string) => string> = {
  'phone menu': (href) => `#mobile-menu a[href="${href}"]`,
  'service card': (href) => `main a[href="${href}"]`,
  footer: (href) => `footer a[href="${href}"]`,
};

/** Serves `root` behind the slow link; the origin to visit and a function that stops both. */
export async function serveThrottled(root: string) {
  const site = createSiteServer({ root, log: () => {} });
  await new Promise<void>((done) => site.listen(0, '127.0.0.1', done));
  const link = throttledLink((site.address() as AddressInfo).port, slowPhoneLink);
  await new Promise<void>((done) => link.listen(0, '127.0.0.1', done));
  return {
    origin: `http://localhost:${(link.address() as AddressInfo).port}`,
    close: () => {
      link.close();
      site.close();
    },
  };
}

async function touch(page: Page, selector: string) {
  const target = page.locator(selector).first();
  await target.scrollIntoViewIfNeeded();
  const box = await target.boundingBox();
  if (!box) throw new Error(`Nothing to tap at ${selector}`);
  const point = { x: box.x + box.width / 2, y: box.y + box.height / 2 };
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: [point] });
  await page.waitForTimeout(holdMs);
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
}

/**
 * The first tap on the menu also fetches and starts its island, which renders the menu anew: the
 * link is looked up once that is over, and the menu opened again if the new render closed it.
 */
async function openPhoneMenu(page: Page, link: string) {
  const toggle = '[data-mobile-menu] summary';
  await touch(page, toggle);
  await page.waitForLoadState('networkidle');
  await page.waitForSelector('astro-island:not([ssr]) [data-mobile-menu]');
  if (!(await page.locator(link).first().isVisible())) await touch(page, toggle);
  await page.locator(link).first().waitFor({ state: 'visible' });
}

/** The next page's first contentful paint as the visitor saw it: not before a prerendered page was shown. */
const shownPaint = () =>
  new Promise<number>((resolve) => {
    const [navigation] = performance.getEntriesByType('navigation') as (PerformanceNavigationTiming & {
      activationStart?: number;
    })[];
    const activationStart = navigation?.activationStart ?? 0;
    new PerformanceObserver((list) => {
      const paint = list.getEntriesByName('first-contentful-paint')[0];
      if (paint) resolve(performance.timeOrigin + Math.max(paint.startTime, activationStart));
    }).observe({ type: 'paint', buffered: true });
  });

/** One tap from a fresh profile: milliseconds from pointerdown to the next page's first contentful paint. */
export async function measureTap(browser: Browser, origin: string, pair: TapPair): Promise<number> {
  const context = await browser.newContext(phone);
  try {
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: cpuSlowdown });
    let pointerDownAt: number | undefined;
    await page.exposeFunction('benchPointerDown', (at: number) => (pointerDownAt ??= at));
    await page.goto(`${origin}${pair.from}`, { waitUntil: 'load' });
    if (pair.area === 'phone menu') await openPhoneMenu(page, linkSelector[pair.area](pair.to));
    await page.waitForTimeout(readingMs);
    await page.evaluate(() =>
      addEventListener(
        'pointerdown',
        (event) =>
          (window as unknown as { benchPointerDown(at: number): void }).benchPointerDown(
            performance.timeOrigin + event.timeStamp,
          ),
        { capture: true, once: true },
      ),
    );
    await touch(page, linkSelector[pair.area](pair.to));
    await page.waitForURL(`${origin}${pair.to}`, { waitUntil: 'commit' });
    const paintedAt = await page.evaluate(shownPaint);
    if (pointerDownAt === undefined) throw new Error(`No pointerdown reached ${pair.from} for ${pair.label}`);
    return paintedAt - pointerDownAt;
  } finally {
    await context.close();
  }
}

/** Playwright on the Chromium the bench already runs (started by chrome-launcher, with its own flags). */
export const connectTo = (port: number) => chromium.connectOverCDP(`http://127.0.0.1:${port}`);
