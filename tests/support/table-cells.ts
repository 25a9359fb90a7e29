/** A Markdown table's data rows (the bench's tables, scripts/bench/report.ts), as lists of trimmed cells. */
export const tableCells = (table: string) =>
  table
    .split('\n')
    .slice(2)
    .map((line) =>
      line
        .split('|')
        .slice(1, -1)
        .map((cell) => cell.trim()),
    );
