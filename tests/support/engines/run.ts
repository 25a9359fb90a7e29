/**
 * How a cross-engine test file (tests/e2e/engines/) runs each of its tests in WebKitGTK and in
 * Firefox ESR: a describe block per engine, its pages closed after each test, and a clear failure
 * where an engine is missing (`.ci/run` installs both; docs/testing.md).
 */
import { expect, test } from '@playwright/test';
import { firefox, stopFirefox } from './firefox.ts';
import { webkit, stopWebKitDriver } from './webkit.ts';
import type { Engine, EnginePage, PageOptions } from './engine.ts';

export const engines: Engine[] = [webkit, firefox];

/** The site under test: the suite's own server (playwright.config.ts). */
export const siteUrl = (path: string) => `http://localhost:${process.env.E2E_PORT ?? 4399}${path}`;

export function forEachEngine(
  define: (engine: Engine, open: (options: PageOptions) => Promise<EnginePage>) => void,
) {
  for (const engine of engines) {
    test.describe(engine.name, () => {
      let pages: EnginePage[] = [];
      const open = async (options: PageOptions) => {
        expect(engine.installed, `${engine.name} is not installed: see docs/testing.md`).toBe(true);
        const page = await engine.open(options);
        pages.push(page);
        return page;
      };
      test.afterEach(async () => {
        await Promise.all(pages.map((page) => page.close()));
        pages = [];
      });
      test.afterAll(async () => {
        stopWebKitDriver();
        await stopFirefox();
      });
      define(engine, open);
    });
  }
}
