/**
 * Tables at 320 px, the narrowest screen the site is made for: every word whole (a line may
 * break at a space or a hyphen, never inside a word), the page never scrolling sideways, and a
 * table wider than the screen scrolling inside its own box. Every built page with a table (the
 * privacy notice's cookie table), and tables as an editor writes them, in Markdown and in HTML, on
 * a legal page and in an article. The same in WebKit and Firefox: tests/e2e/engines/tables.spec.ts.
 */
import { expect, test, type Page } from '@playwright/test';
import {
  addEditorTable,
  brokenWords,
  sidewaysScroll,
  tablesWiderThanTheirBox,
} from '#support/engines/page-checks.ts';
import { tableScrollClass } from '#src/lib/build-time/articles/markdown-classes.ts';
import { markdownPages, narrowest, pagesWithTables } from '#support/table-pages.ts';

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

test('the build has a Markdown page for an editor’s table (the legal pages)', () => {
  expect(markdownPages.map(({ kind }) => kind)).toContain('prose-legal');
});

for (const { kind, path } of markdownPages) {
  test(`${path}: tables an editor writes keep words whole and scroll in their own box at 320 px`, async ({
    page,
  }) => {
    await page.goto(path);
    expect(await page.evaluate(addEditorTable, tableScrollClass), kind).toBe(true);
    expect((await page.evaluate(tablesWiderThanTheirBox)).length).toBeGreaterThanOrEqual(2);
    await expectReadableTables(page);
  });
}
