/**
 * One browser page per worker, for the sweeps that load page after page and leave nothing a
 * visitor would keep (no cookie, no stored choice, no typing): each test gets the worker's page,
 * as its project sets it up (size, touch, JavaScript), with the browser's cache off so that every
 * load fetches what a first visit does. A new page per test costs a renderer process and its
 * set-up, about 0.2 CPU-seconds, as much as a small page's own checks. Between tests the page is
 * put back: size, emulated media, and what a test hooked on (listeners, routes; the problem
 * watcher's init script installs itself once per document, tests/support/page-problems.ts). A
 * failed test ends its worker, and with it the page, so nothing outlives a failure.
 */
import { test as base, type Browser, type Page, type TestInfo } from '@playwright/test';

/**
 * The worker's page, opened on first use. Kept in the module rather than in a worker-scoped
 * fixture: Playwright runs files with other worker fixtures in workers of their own, and a worker
 * started for a few files (its process, its browser) cost more than the pages it saved.
 */
let shared: Promise<Page> | undefined;

async function openPage(browser: Browser, { project }: TestInfo): Promise<Page> {
  const { viewport, isMobile, hasTouch, javaScriptEnabled, baseURL, userAgent, deviceScaleFactor } =
    project.use;
  const context = await browser.newContext({
    viewport,
    isMobile,
    hasTouch,
    javaScriptEnabled,
    baseURL,
    userAgent,
    deviceScaleFactor,
  });
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
  return page;
}

export const test = base.extend<{ page: Page }>({
  page: async ({ browser }, use, testInfo) => {
    let page = await shared;
    if (!page || page.isClosed()) page = await (shared = openPage(browser, testInfo));
    await use(page);
    for (const event of ['request', 'response', 'console', 'pageerror'] as const)
      page.removeAllListeners(event);
    await page.unrouteAll({ behavior: 'ignoreErrors' });
    await page.context().unrouteAll({ behavior: 'ignoreErrors' });
    const { viewport } = testInfo.project.use;
    if (viewport) await page.setViewportSize(viewport);
    await page.emulateMedia({ media: null, colorScheme: null, reducedMotion: null, forcedColors: null });
  },
});

export { expect } from '@playwright/test';
