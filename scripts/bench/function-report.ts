/**
 * The function bench's arithmetic and table: percentiles of a path's timings, in milliseconds.
 * Pure, and unit-tested like the Lighthouse report beside it.
 */

/** The nearest-rank percentile (`p` from 0 to 100) of the values; NaN for none. */
export function percentile(values: readonly number[], p: number): number {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const rank = Math.min(sorted.length, Math.max(1, Math.ceil((p / 100) * sorted.length)));
  return sorted[rank - 1] ?? Number.NaN;
}

export interface PathTiming {
  path: string;
  status: number;
  timingsMs: number[];
}

const ms = (value: number) =>
  value < 1 ? value.toFixed(3) : value < 100 ? value.toFixed(2) : value.toFixed(0);

export function renderFunctionTable(rows: readonly PathTiming[]): string {
  const table = [['path', 'status', 'runs', 'p50 ms', 'p99 ms']].concat(
    rows.map(({ path, status, timingsMs }) => [
      path,
      String(status),
      String(timingsMs.length),
      ms(percentile(timingsMs, 50)),
      ms(percentile(timingsMs, 99)),
    ]),
  );
  const widths =
    table[0]?.map((_, column) => Math.max(...table.map((row) => row[column]?.length ?? 0))) ?? [];
  return table
    .map((row) =>
      row
        .map((cell, column) =>
          column === 0 ? cell.padEnd(widths[0] ?? 0) : cell.padStart(widths[column] ?? 0),
        )
        .join('  '),
    )
    .join('\n');
}
