/**
 * The second-page measure's table: for each tap, the median time to the next page's first
 * contentful paint from the finger's lift (the tap: a link follows on the lift, so "there before
 * the finger lifts" means shown at once after it, the goal) and from its press, once per way the
 * site is served (as built, and without its speculation rules). Pure, so unit-tested.
 */
import { speculationRulesDataId, speculationRulesScript } from '../../src/lib/shared/page-layout.ts';
import { markdownTable, median } from './report.ts';
import type { TapPair } from './tap-pairs.ts';

/** The finger's lift → the next page's first contentful paint, on the slow phone (the goal). */
export const tapGoalMs = 100;

/** One tap: milliseconds from the finger's press (pointerdown) and from its lift (pointerup) to the paint. */
export interface TapSample {
  press: number;
  lift: number;
  /** Whether the next page was shown from a prerender. */
  prerendered: boolean;
}

/**
 * A built page without the speculation rules that ask Chrome to fetch or prerender the next page
 * (their data and the script that reads it), so the same build is measured without them. Their
 * text holds no `<` (speculation-rules.ts).
 */
export function withoutSpeculationRules(html: string): string {
  return html
    .replace(new RegExp(`<script [^>]*id="${speculationRulesDataId}"[^>]*>[^<]*</script>`, 'g'), '')
    .replaceAll(`<script>${speculationRulesScript}</script>`, '');
}

export interface TapRow {
  pair: TapPair;
  /** Each run's times, per way of serving. */
  samples: Record<string, TapSample[]>;
}

const medianOf = (samples: TapSample[] | undefined, clock: 'press' | 'lift') =>
  samples && samples.length > 0 ? median(samples.map((sample) => sample[clock])) : undefined;

const liftCell = (value: number | undefined) =>
  value === undefined ? '–' : `${Math.round(value)} ${value <= tapGoalMs ? '✓' : '✗'}`;
const pressCell = (value: number | undefined) => (value === undefined ? '–' : `${Math.round(value)}`);

const prerenderedCell = (samples: TapSample[] | undefined) =>
  samples && samples.length > 0
    ? `${samples.filter(({ prerendered }) => prerendered).length}/${samples.length}`
    : '–';

/**
 * A Markdown table, one row per tap, three columns per way of serving (from the lift, marked
 * against the goal; from the press; how many runs showed a prerender), padded to read as plain text.
 */
export function renderTapTable(rows: TapRow[], servings: string[]): string {
  const header = [
    'from',
    'tap',
    'to',
    ...servings.flatMap((serving) => [
      `${serving}: lift ms`,
      `${serving}: press ms`,
      `${serving}: prerendered`,
    ]),
  ];
  const cells = rows.map(({ pair, samples }) => [
    pair.from,
    `${pair.label} (${pair.area})`,
    pair.to,
    ...servings.flatMap((serving) => [
      liftCell(medianOf(samples[serving], 'lift')),
      pressCell(medianOf(samples[serving], 'press')),
      prerenderedCell(samples[serving]),
    ]),
  ]);
  return markdownTable(header, cells);
}

/** How many taps miss the goal, counted in the first way of serving (the site as built). */
export function missedTaps(rows: TapRow[], serving: string): number {
  return rows.filter(({ samples }) => {
    const lift = medianOf(samples[serving], 'lift');
    return lift === undefined || lift > tapGoalMs;
  }).length;
}
