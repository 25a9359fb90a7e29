/**
 * Tables at 320 px, the narrowest screen the site is made for: every word whole (a line may
 * break at a space or a hyphen, never inside a word), the page never scrolling sideways, and a
 * table wider than the screen scrolling inside its own box. Every built page with a table (the
 * privacy notice's cookie table), and a table as an editor writes one in Markdown. The same in
 * WebKit and Firefox: tests/e2e/engines/tables.spec.ts.
 */
import { resolve } from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import {
  addEditorTable,
  brokenWords,
  sidewaysScroll,
  tablesWiderThanTheirBox,
} from '#support/engines/page-checks.ts';
import { indexableRoutes } from '#support/site.ts';
import { builtSite } from '#support/built-site.ts';

const narrowest = { width: 320, height: 640 };
const built = builtSite(resolve(process.env.OUT_DIR ?? 'dist'));
const pagesWithTables = indexableRoutes.filter((path) => built.html(path).includes('<table'));
/** A page whose text comes from Markdown (a legal page, an article): an editor's table goes there. */
const prosePage = indexableRoutes.find((path) =>
  /class="[^"]*\b(prose-legal|article-prose)\b/.test(built.html(path)),
);

async function expectReadableTables(page: Page) {
  expect(await page.evaluate(brokenWords, 'table')).toEqual([]);
  expect(await page.evaluate(sidewaysScroll)).toBe(0);
  for (const table of await page.evaluate(tablesWiderThanTheirBox)) {
    expect(table).toEqual({ ...table, scrolls: true });
  }
}

test.use({ viewport: narrowest });

for (const path of pagesWithTables) {
  test(`${path}: tables keep words whole and scroll in their own box at 320 px`, async ({ page }) => {
    await page.goto(path);
    await expectReadableTables(page);
  });
}

test('a table an editor writes keeps words whole and scrolls in its own box at 320 px', async ({ page }) => {
  expect(prosePage).toBeDefined();
  await page.goto(prosePage!);
  expect(await page.evaluate(addEditorTable)).toBe(true);
  expect((await page.evaluate(tablesWiderThanTheirBox)).length).toBeGreaterThan(0);
  await expectReadableTables(page);
});
