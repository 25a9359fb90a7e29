/**
 * The second-page measure: on a slow phone (4× CPU slowdown, the slow link of throttled-link.ts),
 * a finger taps a link and two clocks run to the next page's first contentful paint, one from its
 * pointerdown, one from its pointerup (where the link is followed). The tap is a real touch: down,
 * held 100 ms, up, so whatever the page or Chrome starts on pointerdown (speculation rules, for
 * one) has the time a finger gives it. Each sample starts from a fresh profile, as a first visit does.
 *
 * Driven with puppeteer-core through Chromium's tab target: Chromium never prerenders for a page
 * Playwright attaches to (tests/support/prerender.ts), so under Playwright the rules' prerenders
 * would not happen and the measure would not be the visitor's. Every page Chromium opens in the
 * profile, a prerendered one too, runs at the same 4× slowdown.
 */
import type { AddressInfo } from 'node:net';
import puppeteer, { ProtocolError, type Browser, type Page } from 'puppeteer-core';
import { createSiteServer } from '../../server/server.ts';
import { phoneMenuPanelId } from '../../src/lib/shared/phone-menu.ts';
import type { TapArea, TapPair } from './tap-pairs.ts';
import type { TapSample } from './tap-report.ts';
import { slowPhoneLink, throttledLink } from './throttled-link.ts';

/** Lighthouse's mobile screen (a mid-range phone), and its CPU slowdown. */
export const phone = { width: 412, height: 823, deviceScaleFactor: 1.75, isMobile: true, hasTouch: true };
export const cpuSlowdown = 4;
export const holdMs = 100;
/** Time on the first page before the tap, as a visitor reads before tapping. */
const readingMs = 2000;

const linkSelector: Record<TapArea, (href: string) => string> = {
  'phone menu': (href) => `#${phoneMenuPanelId} a[href="${href}"]`,
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

export const pause = (ms: number) => new Promise((done) => setTimeout(done, ms));

export async function touch(page: Page, selector: string) {
  const target = await page.waitForSelector(selector, { visible: true });
  if (!target) throw new Error(`Nothing to tap at ${selector}`);
  await target.scrollIntoView();
  const box = await target.boundingBox();
  if (!box) throw new Error(`Nothing to tap at ${selector}`);
  await page.touchscreen.touchStart(box.x + box.width / 2, box.y + box.height / 2);
  await pause(holdMs);
  // A lift that shows a prerender swaps the page's document under the session before it answers
  // (a TargetCloseError, which puppeteer-core's types do not name).
  await page.touchscreen.touchEnd().catch((error: unknown) => {
    if (!(error instanceof ProtocolError && error.name === 'TargetCloseError')) throw error;
  });
}

/**
 * The first tap on the menu also fetches and starts its island, which renders the menu anew: the
 * link is looked up once that is over, and the menu opened again if the new render closed it.
 */
async function openPhoneMenu(page: Page, link: string) {
  const toggle = '[data-phone-menu] summary';
  await touch(page, toggle);
  await page.waitForSelector('astro-island:not([ssr]) [data-phone-menu] [aria-expanded]');
  if (!(await page.$eval(link, (element) => element.checkVisibility({ visibilityProperty: true })))) {
    await touch(page, '[data-phone-menu] [aria-expanded]');
  }
  await page.waitForSelector(link, { visible: true });
}

/** The next page's first contentful paint as the visitor saw it: not before a prerendered page was shown. */
const shownPaint = () =>
  new Promise<{ paintedAt: number; prerendered: boolean }>((resolve) => {
    const [navigation] = performance.getEntriesByType('navigation') as (PerformanceNavigationTiming & {
      activationStart?: number;
    })[];
    const activationStart = navigation?.activationStart ?? 0;
    new PerformanceObserver((list) => {
      const paint = list.getEntriesByName('first-contentful-paint')[0];
      if (paint)
        resolve({
          paintedAt: performance.timeOrigin + Math.max(paint.startTime, activationStart),
          prerendered: activationStart > 0,
        });
    }).observe({ type: 'paint', buffered: true });
  });

/** When the page saw the tap's pointer go down and up, on the page's clock (performance.timeOrigin based). */
type Finger = Partial<Record<'pointerdown' | 'pointerup', number>>;

/**
 * One tap from a fresh profile: milliseconds from its press and from its lift to the next page's
 * first contentful paint, and whether that page was shown from a prerender.
 */
export async function measureTap(browser: Browser, origin: string, pair: TapPair): Promise<TapSample> {
  const context = await browser.createBrowserContext();
  try {
    const page = await context.newPage();
    await page.setViewport(phone);
    await page.emulateCPUThrottling(cpuSlowdown);
    const finger: Finger = {};
    await page.exposeFunction('benchPointer', (type: keyof Finger, at: number) => {
      finger[type] ??= at;
    });
    await page.goto(`${origin}${pair.from}`, { waitUntil: 'load' });
    if (pair.area === 'phone menu') await openPhoneMenu(page, linkSelector[pair.area](pair.to));
    await pause(readingMs);
    await page.evaluate(() => {
      for (const type of ['pointerdown', 'pointerup'] as const)
        addEventListener(
          type,
          (event) =>
            (window as unknown as { benchPointer(type: string, at: number): void }).benchPointer(
              type,
              performance.timeOrigin + event.timeStamp,
            ),
          { capture: true, once: true },
        );
    });
    await touch(page, linkSelector[pair.area](pair.to));
    // Activating a prerender swaps the page's document: ask again until the new one answers.
    for (let tries = 0; ; tries += 1) {
      const path = await page.evaluate(() => location.pathname).catch(() => undefined);
      if (path === pair.to) break;
      if (tries > 600) throw new Error(`The tap on ${pair.label} did not reach ${pair.to}`);
      await pause(50);
    }
    const { paintedAt, prerendered } = await page.evaluate(shownPaint);
    const { pointerdown, pointerup } = finger;
    if (pointerdown === undefined || pointerup === undefined)
      throw new Error(
        `The tap on ${pair.label} did not reach ${pair.from} whole (pointerdown and pointerup)`,
      );
    return { press: paintedAt - pointerdown, lift: paintedAt - pointerup, prerendered };
  } finally {
    await context.close();
  }
}

/** Puppeteer on the Chromium the bench already runs (started by chrome-launcher, with its own flags). */
export const connectTo = (port: number) => puppeteer.connect({ browserURL: `http://127.0.0.1:${port}` });
