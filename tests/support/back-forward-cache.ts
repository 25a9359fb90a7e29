/**
 * Leaving a page and coming Back to it, as the back/forward cache tests do (the browser is launched
 * with the cache on: backForwardCacheLaunch, tests/support/chromium.ts). Whether the page came back
 * from the cache is read from the page itself: its `pageshow` events (`persisted` on a restore),
 * and, when it was loaded again instead, why not (`notRestoredReasons` of its navigation timing).
 */
import type { Page } from '@playwright/test';

type PageShows = { pageShows?: boolean[] };

/** Records every `pageshow` of every page the tab opens from now on. */
export async function recordPageShows(page: Page): Promise<void> {
  await page.addInitScript(() => {
    addEventListener('pageshow', (event) => {
      const record = window as unknown as PageShows;
      (record.pageShows ??= []).push(event.persisted);
    });
  });
}

interface Return {
  /** The page came back from the cache, whole: `pageshow` with `persisted`. */
  restored: boolean;
  /** Why the page was not restored (null when it was, or when Chromium gives no reason). */
  reasons: unknown;
}

/**
 * Goes from the current page to `away`, then Back, and says how the page came back. It leaves once
 * the page and its frames have loaded (the contact page's scheduling frame appears as the visitor
 * nears it): a frame still loading is no reason of the page's own, and Chromium may hold it against it.
 */
export async function leaveAndComeBack(page: Page, away: string): Promise<Return> {
  for (const frame of page.frames()) await frame.waitForLoadState('load');
  await page.goto(away);
  // A restore fires no `load`, which goBack would wait for by default.
  await page.goBack({ waitUntil: 'commit' });
  // Either the kept page has shown again (its own record ends with a restore), or a new one has
  // loaded from a Back (its navigation timing says back_forward) and shown.
  await page.waitForFunction(() => {
    const shows = (window as unknown as PageShows).pageShows ?? [];
    const [navigation] = performance.getEntriesByType('navigation') as PerformanceNavigationTiming[];
    return shows.at(-1) === true || (navigation?.type === 'back_forward' && shows.length > 0);
  });
  return page.evaluate(() => {
    const [navigation] = performance.getEntriesByType('navigation');
    const reasons = (navigation as PerformanceEntry & { notRestoredReasons?: unknown }).notRestoredReasons;
    return {
      restored: (window as unknown as PageShows).pageShows?.at(-1) === true,
      reasons: reasons ?? null,
    };
  });
}
