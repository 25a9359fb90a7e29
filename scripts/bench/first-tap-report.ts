/**
 * The first-tap measure's table (scripts/bench/first-taps.ts): for each island's first tap, the
 * median and worst Event Timing duration, and for the phone menu press → panel shown, each marked
 * against its goal. Pure, so unit-tested.
 */
import { markdownTable, median } from './report.ts';

/** The goals on the slow phone: a first tap's Event Timing duration, and press → the phone menu shown. */
export const firstTapGoals = { eventMs: 100, shownMs: 150 } as const;

export interface FirstTap {
  route: string;
  /** What the finger taps, as the visitor sees it. */
  label: string;
  selector: string;
  /** For a control that opens something: what must be visible once it has. */
  opens?: string;
}

export interface FirstTapSample {
  /** The longest Event Timing duration among the tap's events (ms). */
  eventMs: number;
  /** Press → the first frame showing what the tap opens (ms), for a tap that opens something. */
  shownMs?: number;
}

export interface FirstTapRow {
  tap: FirstTap;
  samples: FirstTapSample[];
}

const figures = (row: FirstTapRow, key: keyof FirstTapSample) =>
  row.samples.flatMap((sample) => (sample[key] === undefined ? [] : [sample[key]]));

const cell = (values: number[], goal: number, pick: (values: number[]) => number) => {
  if (values.length === 0) return '–';
  const value = pick(values);
  return `${Math.round(value)} ${value < goal ? '✓' : '✗'}`;
};
const worst = (values: number[]) => Math.max(...values);

/** One row per tap: median and worst of each figure, ✓ under its goal, ✗ at or over it. */
export function renderFirstTapTable(rows: FirstTapRow[]): string {
  return markdownTable(
    ['page', 'first tap', 'event ms (median)', 'event ms (worst)', 'press → shown ms (median)', '(worst)'],
    rows.map((row) => {
      const events = figures(row, 'eventMs');
      const shown = figures(row, 'shownMs');
      return [
        row.tap.route,
        row.tap.label,
        cell(events, firstTapGoals.eventMs, median),
        cell(events, firstTapGoals.eventMs, worst),
        cell(shown, firstTapGoals.shownMs, median),
        cell(shown, firstTapGoals.shownMs, worst),
      ];
    }),
  );
}

/** How many taps miss a goal at their median. */
export function missedFirstTaps(rows: FirstTapRow[]): number {
  return rows.filter((row) => {
    const events = figures(row, 'eventMs');
    const shown = figures(row, 'shownMs');
    return (
      (events.length > 0 && median(events) >= firstTapGoals.eventMs) ||
      (shown.length > 0 && median(shown) >= firstTapGoals.shownMs)
    );
  }).length;
}
