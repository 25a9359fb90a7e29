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
import { test as base, type Page } from '@playwright/test';

export const test = base.extend<{ page: Page }, { workerPage: Page }>({
  workerPage: [
    async ({ browser }, use, workerInfo) => {
      const { viewport, isMobile, hasTouch, javaScriptEnabled, baseURL, userAgent, deviceScaleFactor } =
        workerInfo.project.use;
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
      await use(page);
      await context.close();
    },
    { scope: 'worker' },
  ],
  page: async ({ workerPage }, use, testInfo) => {
    await use(workerPage);
    for (const event of ['request', 'response', 'console', 'pageerror'] as const)
      workerPage.removeAllListeners(event);
    await workerPage.unrouteAll({ behavior: 'ignoreErrors' });
    await workerPage.context().unrouteAll({ behavior: 'ignoreErrors' });
    const { viewport } = testInfo.project.use;
    if (viewport) await workerPage.setViewportSize(viewport);
    await workerPage.emulateMedia({
      media: null,
      colorScheme: null,
      reducedMotion: null,
      forcedColors: null,
    });
  },
});

export { expect } from '@playwright/test';
