/**
 * Tables at 320 px in WebKitGTK and Firefox ESR, as tests/e2e/no-js/tables.once.spec.ts checks them
 * in Chromium: words whole, no sideways page, a wide table scrolling inside its own box. The
 * engines lay out tables each their own way (the cookie table was 862 px tall in WebKit, 642 px in
 * the others, before tables kept their words whole).
 */
import { expect, test } from '@playwright/test';
import {
  addEditorTable,
  brokenWords,
  sidewaysScroll,
  tablesWiderThanTheirBox,
} from '#support/engines/page-checks.ts';
import type { EnginePage } from '#support/engines/engine.ts';
import { forEachEngine, siteUrl } from '#support/engines/run.ts';
import { tableScrollClass } from '#src/lib/build-time/articles/markdown-classes.ts';
import { markdownPages, narrowest, pagesWithTables } from '#support/table-pages.ts';

async function readableTables(page: EnginePage) {
  return {
    brokenWords: await page.evaluate<string[]>(brokenWords.toString(), 'table'),
    sidewaysScroll: await page.evaluate<number>(sidewaysScroll.toString()),
    notScrolling: (
      await page.evaluate<{ table: string; scrolls: boolean }[]>(tablesWiderThanTheirBox.toString())
    ).filter((table) => !table.scrolls),
  };
}
const readable = { brokenWords: [], sidewaysScroll: 0, notScrolling: [] };

forEachEngine((_, open) => {
  test('tables keep words whole and scroll in their own box at 320 px, an editor’s too', async () => {
    test.setTimeout(120_000);
    const page = await open({ ...narrowest, javaScript: false });
    for (const path of pagesWithTables) {
      await page.goto(siteUrl(path));
      expect(await readableTables(page), path).toEqual(readable);
    }
    expect(markdownPages.length, 'a legal page at least').toBeGreaterThan(0);
    for (const { path } of markdownPages) {
      await page.goto(siteUrl(path));
      expect(await page.evaluate(addEditorTable.toString(), tableScrollClass)).toBe(true);
      expect(await readableTables(page), `an editor’s tables on ${path}`).toEqual(readable);
    }
  });
});
