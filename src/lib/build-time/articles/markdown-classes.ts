/**
 * The class of the box the Markdown wraps a table in (markdown-output.ts), so that it scrolls
 * sideways on its own: styled for every Markdown page in src/styles/global.css, and the box the
 * table checks put an editor's table in (tests/support/engines/page-checks.ts, addEditorTable).
 */
export const tableScrollClass = 'table-scroll';
