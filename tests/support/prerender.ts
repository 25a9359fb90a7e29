/**
 * Chromium driven through its tab target (puppeteer-core), for the tests that need a real
 * prerender. Playwright attaches DevTools to each page target, and Chromium never prerenders for a
 * page with such a session (content/browser/devtools/devtools_instrumentation.cc,
 * IsPrerenderAllowed: HasSessionsWithoutTabTargetSupport), so under Playwright every prerender
 * fails with "PrerenderingDisabledByDevTools". Puppeteer attaches through the tab target, which
 * Chromium allows. Same binary and flags as the Playwright tests (tests/support/chromium.ts), and
 * the same rule: nothing leaves localhost, outside addresses get a stand-in or are aborted.
 */
import puppeteer, { type Browser, type HTTPRequest, type Page } from 'puppeteer-core';
import { testChromium, testChromiumArgs } from './chromium.ts';

export async function launchTabTargetChromium(): Promise<Browser> {
  if (!testChromium) throw new Error('No Chromium for the prerender tests: set CHROME_PATH');
  return puppeteer.launch({
    executablePath: testChromium,
    headless: testChromium.includes('headless-shell') ? 'shell' : true,
    // Playwright runs Chromium without its sandbox too (the test machines run as root).
    args: [...testChromiumArgs, '--no-sandbox'],
  });
}

export interface Traffic {
  /** Path and query for the site's own requests, the full URL for others. */
  url: string;
  /** Its `Sec-Purpose` header: `prefetch`, `prefetch;prerender`, or '' for an ordinary request. */
  purpose: string;
  type: string;
}

type Answer = Parameters<HTTPRequest['respond']>[0];

/**
 * Records every request of the page, prerendered ones included (they carry `Sec-Purpose`), and
 * answers those that leave localhost with `stub`, or aborts and lists them in `blocked`.
 */
export async function recordTraffic(
  page: Page,
  stub: (url: URL, request: HTTPRequest) => Answer | undefined,
) {
  const requests: Traffic[] = [];
  const blocked: string[] = [];
  await page.setRequestInterception(true);
  page.on('request', (request) => {
    const url = new URL(request.url());
    const local = url.hostname === 'localhost' || url.hostname === '127.0.0.1';
    const purpose = request.headers()['sec-purpose'] ?? '';
    requests.push({
      url: local ? url.pathname + url.search : url.href,
      purpose,
      type: request.resourceType(),
    });
    if (local) return void request.continue();
    const answer = stub(url, request);
    if (answer) return void request.respond(answer);
    blocked.push(url.href);
    return void request.abort('blockedbyclient');
  });
  return { requests, blocked };
}

/** Console errors (a Content-Security-Policy violation is one) and uncaught exceptions of the page. */
export function pageErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  page.on('pageerror', (error) => errors.push(String(error)));
  return errors;
}

/**
 * The paths Chromium has prerendered, read from the browser's list of targets: discovered, never
 * attached to, since a DevTools session on the page disables its prerenders (Chromium then reports
 * "PrerenderingDisabledByDevTools"). A path is listed once its prerendered document has
 * committed: that page is running from then on.
 */
export async function prerenderedPaths(browser: Browser): Promise<() => string[]> {
  const session = await browser.target().createCDPSession();
  const paths = new Set<string>();
  const note = ({ targetInfo }: { targetInfo: { subtype?: string; url: string } }) => {
    if (targetInfo.subtype === 'prerender' && URL.canParse(targetInfo.url))
      paths.add(new URL(targetInfo.url).pathname);
  };
  session.on('Target.targetCreated', note);
  session.on('Target.targetInfoChanged', note);
  await session.send('Target.setDiscoverTargets', { discover: true, filter: [{}] });
  return () => [...paths];
}
