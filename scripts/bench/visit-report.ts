/**
 * The coming-back measure's table (scripts/bench/visits.ts): per site and page, the median bytes
 * and time of a repeat visit and the time from Back to the page shown, with how many Backs were
 * restored from the back/forward cache. Pure, so unit-tested.
 */
import { markdownTable, median } from './report.ts';

export interface VisitSample {
  /** Bytes on the wire, headers included, until the repeat visit's load event. */
  repeatBytes: number;
  /** The repeat visit's navigation → its first contentful paint (ms). */
  repeatMs: number;
  /** Back → the previous page shown again (ms). */
  backMs: number;
  /** Whether Back restored the page from the back/forward cache. */
  restored: boolean;
}

export interface VisitRow {
  site: string;
  route: string;
  /** The page visited before Back. */
  next: string;
  samples: VisitSample[];
}

const medianOf = (row: VisitRow, key: 'repeatBytes' | 'repeatMs' | 'backMs') =>
  median(row.samples.map((sample) => sample[key]));

export function renderVisitTable(rows: VisitRow[]): string {
  return markdownTable(
    [
      'site',
      'page',
      'repeat visit KiB',
      'repeat visit → first paint ms',
      'Back from',
      'Back → shown ms',
      'from bfcache',
    ],
    rows.map((row) => [
      row.site,
      row.route,
      (medianOf(row, 'repeatBytes') / 1024).toFixed(1),
      String(Math.round(medianOf(row, 'repeatMs'))),
      row.next,
      String(Math.round(medianOf(row, 'backMs'))),
      `${row.samples.filter(({ restored }) => restored).length}/${row.samples.length}`,
    ]),
  );
}
