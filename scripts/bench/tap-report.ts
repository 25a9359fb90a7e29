/**
 * The second-page measure's table: for each tap, the median time from the finger's pointerdown to
 * the next page's first contentful paint, marked against the goal, once per way the site is served
 * (as built, and without its Speculation-Rules header). Pure, so unit-tested.
 */
import { markdownTable, median } from './report.ts';
import type { TapPair } from './tap-pairs.ts';

/** Tap → the next page's first contentful paint, on the slow phone (the goal). */
export const tapGoalMs = 100;

/** The header that asks Chrome to fetch or prerender the next page; the bench also measures without it. */
export const speculationHeader = 'Speculation-Rules';

/** A `_headers` file without the Speculation-Rules header, so the same build is measured without it. */
export function withoutSpeculationRules(headers: string): string {
  const line = new RegExp(`^\\s*${speculationHeader}\\s*:.*(\\r?\\n|$)`, 'gim');
  return headers.replace(line, '');
}

export interface TapRow {
  pair: TapPair;
  /** Milliseconds from pointerdown to first contentful paint, per way of serving, every run. */
  samples: Record<string, number[]>;
}

const cell = (samples: number[] | undefined) => {
  if (!samples || samples.length === 0) return '–';
  const value = median(samples);
  return `${Math.round(value)} ${value <= tapGoalMs ? '✓' : '✗'}`;
};

/** A Markdown table, one row per tap, one column per way of serving, padded to read as plain text. */
export function renderTapTable(rows: TapRow[], servings: string[]): string {
  const header = ['from', 'tap', 'to', ...servings.map((serving) => `${serving} ms`)];
  const cells = rows.map(({ pair, samples }) => [
    pair.from,
    `${pair.label} (${pair.area})`,
    pair.to,
    ...servings.map((serving) => cell(samples[serving])),
  ]);
  return markdownTable(header, cells);
}

/** How many taps miss the goal, counted in the first way of serving (the site as built). */
export function missedTaps(rows: TapRow[], serving: string): number {
  return rows.filter(({ samples }) => {
    const runs = samples[serving] ?? [];
    return runs.length === 0 || median(runs) > tapGoalMs;
  }).length;
}
