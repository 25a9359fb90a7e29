import { resolve } from 'node:path';
import { defineConfig, devices } from '@playwright/test';
import { testChromium, testChromiumArgs } from './tests/support/chromium.ts';

/**
 * Browser tests run against the built site served by our own server (the same one `npm start`
 * uses), in Debian's Chromium where installed (tests/support/chromium.ts), else Playwright's own.
 */
const port = Number(process.env.E2E_PORT ?? 4399);
const results = process.env.E2E_RESULTS ?? 'test-results';
export const mailbox = resolve(results, 'mailbox');

const phone = { viewport: { width: 375, height: 812 }, isMobile: true, hasTouch: true };
const desktop = { viewport: { width: 1280, height: 800 } };
const phoneIgnores = /\.(desktop|once)\.spec\.ts$/;
const desktopIgnores = /\.phone\.spec\.ts$/;

export default defineConfig({
  testDir: 'tests/e2e',
  fullyParallel: true,
  workers: process.env.CI ? 2 : undefined,
  forbidOnly: true,
  retries: 0,
  outputDir: `${results}/artifacts`,
  reporter: [['list'], ['json', { outputFile: `${results}/playwright.json` }]],
  use: {
    ...devices['Desktop Chrome'],
    baseURL: `http://localhost:${port}`,
    launchOptions: {
      executablePath: testChromium,
      args: testChromiumArgs,
    },
    // A failed test keeps its trace: actions, console and network. Without the screencast and the
    // DOM snapshots: the browser serialises the page before and after every action for them, a
    // quarter of the suite's CPU time (measured: 496 → 397 CPU-seconds), on every test, passing or not.
    trace: { mode: 'retain-on-failure', screenshots: false, snapshots: false },
  },
  // tests/e2e/no-js runs with JavaScript off, tests/e2e/js with it on, each at phone and desktop
  // size. File names narrow that: `*.phone.spec.ts` and `*.desktop.spec.ts` run at that size only,
  // `*.once.spec.ts` (HTTP-level checks) once, plain `*.spec.ts` at both sizes.
  projects: [
    // WebKitGTK and Firefox ESR, which each test launches itself (tests/support/engines/): one
    // file's tests in order in one worker, sharing its WebKitWebDriver, and one file at a time, so
    // they never fight each other for the machine. First, so that their one long row of tests
    // starts at once and runs beside the Chromium projects, which take the other workers.
    { name: 'engines', testDir: 'tests/e2e/engines', fullyParallel: false, workers: 1 },
    {
      name: 'phone-no-js',
      testDir: 'tests/e2e/no-js',
      use: { ...phone, javaScriptEnabled: false },
      testIgnore: phoneIgnores,
    },
    {
      name: 'desktop-no-js',
      testDir: 'tests/e2e/no-js',
      use: { ...desktop, javaScriptEnabled: false },
      testIgnore: desktopIgnores,
    },
    { name: 'phone-js', testDir: 'tests/e2e/js', use: phone, testIgnore: phoneIgnores },
    { name: 'desktop-js', testDir: 'tests/e2e/js', use: desktop, testIgnore: desktopIgnores },
  ],
  webServer: {
    // `npm start`'s server, sending enquiries to a test SMTP server that saves them in `mailbox`
    // (and trusting X-Forwarded-For, so each test can be its own client for the rate limit).
    command: 'node tests/support/serve-with-smtp.ts',
    url: `http://localhost:${port}/`,
    env: { PORT: String(port), HOST: '127.0.0.1', MAILBOX_DIR: mailbox },
    reuseExistingServer: !process.env.CI,
    timeout: 180_000,
    stdout: 'ignore',
    stderr: 'pipe',
  },
});
