/**
 * Which Chromium the browser tests run (playwright.config.ts, and the article site's checks in
 * Vitest). Playwright cannot download its own browsers on our machines, so Debian's are used:
 * first `chromium-headless-shell`, the same Chromium build without the full browser's window
 * layers, which is what Playwright itself runs for headless tests and takes about half the CPU
 * time of the full browser over the suite; then the full `chromium`. `CHROME_PATH` overrides both.
 * Undefined where neither is installed: Playwright then uses its own (`npx playwright install
 * chromium`). The bench drives the full browser, as visitors do (scripts/bench.ts).
 */
import { existsSync } from 'node:fs';

export const testChromium =
  process.env.CHROME_PATH ??
  ['/usr/bin/chromium-headless-shell', '/usr/bin/chromium'].find((path) => existsSync(path));

/**
 * Chromium's flags in every browser test. Quiet Chromium's background traffic: the test machines
 * have no network beyond localhost. Any other host fails at once instead of waiting on a resolver
 * or a connection that never answers (tests that need an outside page stub it:
 * tests/support/network.ts).
 */
export const testChromiumArgs = [
  '--disable-background-networking',
  '--disable-component-update',
  '--no-first-run',
  '--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE localhost, EXCLUDE 127.0.0.1',
];

/**
 * How the back/forward cache's tests launch Chromium: the full browser (headless), since the
 * headless shell never restores a page from that cache (every page reports the reason "masked"),
 * and without Playwright's default `--disable-back-forward-cache` (it turns the cache off so that
 * its request interception sees every Back).
 */
const fullChromium = process.env.CHROME_PATH ?? ['/usr/bin/chromium'].find((path) => existsSync(path));
export const backForwardCacheLaunch = {
  ...(fullChromium ? { executablePath: fullChromium } : { channel: 'chromium' }),
  args: testChromiumArgs,
  ignoreDefaultArgs: ['--disable-back-forward-cache'],
};
