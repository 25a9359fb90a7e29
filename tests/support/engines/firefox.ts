/**
 * Firefox ESR (Debian's `firefox-esr`), driven over WebDriver BiDi by puppeteer-core. Overlay
 * scrollbars give the page the whole width, as on a phone; focus test mode and a tab brought to
 * the front let the page have focus, headless.
 */
import { existsSync } from 'node:fs';
import puppeteer, { type Browser, type KeyInput } from 'puppeteer-core';
import { problemRecorder, type Engine, type EnginePage, type PageOptions } from './engine.ts';

/** Debian's Firefox ESR, or the one `FIREFOX_PATH` names (GitHub's runners have no ESR package). */
const executablePath = process.env.FIREFOX_PATH ?? '/usr/bin/firefox-esr';

/**
 * One browser with JavaScript and one without (it is a preference of the whole browser), shared by
 * a test file's pages, each in a context of its own (its own storage and history): starting
 * Firefox took most of each test's time.
 */
const browsers = new Map<boolean, Promise<Browser>>();

function browserWith(javaScript: boolean) {
  let browser = browsers.get(javaScript);
  if (!browser) {
    browser = puppeteer.launch({
      browser: 'firefox',
      executablePath,
      headless: true,
      extraPrefsFirefox: {
        'ui.useOverlayScrollbars': 1,
        'focusmanager.testmode': true,
        'javascript.enabled': javaScript,
      },
    });
    browsers.set(javaScript, browser);
  }
  return browser;
}

/** Ends the shared browsers; a test file calls it once its pages are closed. */
export async function stopFirefox() {
  const running = [...browsers.values()];
  browsers.clear();
  await Promise.all(running.map(async (browser) => (await browser.catch(() => undefined))?.close()));
}

async function open({ width, height, javaScript }: PageOptions): Promise<EnginePage> {
  const context = await (await browserWith(javaScript)).createBrowserContext();
  const page = await context.newPage();
  await page.setViewport({ width, height });
  await page.bringToFront();
  if (javaScript) await page.evaluateOnNewDocument(problemRecorder);
  return {
    goto: async (url) => {
      await page.goto(url);
    },
    evaluate: async <T>(fn: string, ...args: unknown[]) =>
      (await page.evaluate(`(${fn}).apply(null, ${JSON.stringify(args)})`)) as T,
    pointer: async (steps) => {
      for (const step of steps) {
        if (step.type === 'move') await page.mouse.move(step.x, step.y);
        else if (step.type === 'down') await page.mouse.down();
        else if (step.type === 'up') await page.mouse.up();
        else await new Promise((resolve) => setTimeout(resolve, step.ms));
      }
    },
    keyboard: async (steps) => {
      for (const { type, key } of steps) {
        await (type === 'down' ? page.keyboard.down(key as KeyInput) : page.keyboard.up(key as KeyInput));
      }
    },
    // Not page.goBack(): it waits for a load that a page restored from the back/forward cache
    // never fires. The caller polls for the page it expects.
    back: async () => {
      await page.evaluate('setTimeout(() => history.back())');
    },
    problems: async () =>
      javaScript ? ((await page.evaluate('window.__pageProblems ?? []')) as string[]) : [],
    close: () => context.close(),
  };
}

export const firefox: Engine = { name: 'Firefox ESR', installed: existsSync(executablePath), open };
