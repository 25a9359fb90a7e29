/**
 * The first-press table (scripts/bench/first-presses.ts): the presses each first-press sweep made
 * across hydration, summed per engine and island from the Playwright JSON report's annotations
 * (tools/first-press-tally.ts), and how many landed. The goal is every one. Pure, so
 * unit-tested.
 */
import type { JSONReport, JSONReportSuite } from '@playwright/test/reporter';
import { pressTallyAnnotation, type PressTally } from '../../tools/first-press-tally.ts';
import { markdownTable } from './report.ts';

export interface FirstPressRow {
  engine: string;
  island: string;
  tries: number;
  /** Each lost press, as the sweep names it (`pressed 10 ms`, `Space held across hydration 0 ms`). */
  lost: string[];
  /** Failed runs of a press test that noted no presses (one that plays a press, or a sweep cut short). */
  unfinished: number;
}

function* suitesIn(suites: JSONReportSuite[] = []): Generator<JSONReportSuite> {
  for (const suite of suites) {
    yield suite;
    yield* suitesIn(suite.suites);
  }
}

/** Every sweep's presses in `report`, summed per engine and island, in the order first met. */
export function firstPressRows(report: JSONReport): FirstPressRow[] {
  const rows = new Map<string, FirstPressRow>();
  const row = (engine: string, island: string) => {
    const key = `${engine}: ${island}`;
    const found = rows.get(key) ?? { engine, island, tries: 0, lost: [], unfinished: 0 };
    rows.set(key, found);
    return found;
  };
  for (const suite of suitesIn(report.suites))
    for (const spec of suite.specs)
      for (const test of spec.tests)
        for (const result of test.results) {
          const notes = result.annotations.filter((note) => note.type === pressTallyAnnotation);
          if (notes.length === 0 && result.status !== 'passed')
            row(`${test.projectName} › ${suite.title}`, spec.title).unfinished += 1;
          for (const note of notes) {
            const tally = JSON.parse(note.description ?? '{}') as PressTally;
            const sums = row(tally.engine, tally.island);
            sums.tries += tally.tries;
            sums.lost.push(...tally.lost);
          }
        }
  return [...rows.values()];
}

/** Rows short of every press landing, or with a sweep that never finished. */
export const missedFirstPresses = (rows: FirstPressRow[]) =>
  rows.filter((row) => row.lost.length > 0 || row.unfinished > 0 || row.tries === 0).length;

/** One row per engine and island: presses, lost, the share that landed (✓ all, ✗ not). */
export function renderFirstPressTable(rows: FirstPressRow[]): string {
  return markdownTable(
    ['engine', 'first press on', 'presses', 'lost', 'landed', 'lost presses'],
    rows.map((row) => {
      const landed = row.tries === 0 ? 0 : (100 * (row.tries - row.lost.length)) / row.tries;
      const ok = row.lost.length === 0 && row.unfinished === 0 && row.tries > 0;
      return [
        row.engine,
        row.island + (row.unfinished > 0 ? ` (${row.unfinished} run(s) unfinished)` : ''),
        String(row.tries),
        String(row.lost.length),
        `${landed.toFixed(1)} % ${ok ? '✓' : '✗'}`,
        row.lost.join(', ') || '–',
      ];
    }),
  );
}
