/** The slow phone's tables: first taps against their goals, and coming back (repeat visit, Back). */
import { describe, expect, it } from 'vitest';
import {
  firstTapGoals,
  missedFirstTaps,
  renderFirstTapTable,
  type FirstTapRow,
} from '#scripts/bench/first-tap-report.ts';
import { renderVisitTable, type VisitRow } from '#scripts/bench/visit-report.ts';
import { tableCells } from '#support/table-cells.ts';

const menu = { route: '/', label: 'phone menu', selector: 'summary', opens: '#menu' };
const faq = { route: '/services/a', label: 'first FAQ question', selector: 'main summary' };
const { eventMs, shownMs } = firstTapGoals;

describe('the first-tap table', () => {
  const rows: FirstTapRow[] = [
    {
      tap: menu,
      samples: [
        { eventMs: eventMs - 40, shownMs: shownMs - 30 },
        { eventMs: eventMs - 20, shownMs: shownMs - 10 },
        { eventMs: eventMs + 50, shownMs: shownMs + 90 },
      ],
    },
    { tap: faq, samples: [{ eventMs: eventMs + 8 }, { eventMs }, { eventMs: eventMs - 60 }] },
  ];

  it('marks each median and worst against its goal, a figure at the goal as missed', () => {
    expect(tableCells(renderFirstTapTable(rows))).toEqual([
      ['/', 'phone menu', `${eventMs - 20} ✓`, `${eventMs + 50} ✗`, `${shownMs - 10} ✓`, `${shownMs + 90} ✗`],
      ['/services/a', 'first FAQ question', `${eventMs} ✗`, `${eventMs + 8} ✗`, '–', '–'],
    ]);
  });

  it('counts the taps whose median misses a goal', () => {
    expect(missedFirstTaps(rows)).toBe(1);
    expect(missedFirstTaps([rows[0]!])).toBe(0);
  });
});

describe('the coming-back table', () => {
  it('shows the medians per site and page, and how many Backs came from the back/forward cache', () => {
    const row = (site: string, restored: boolean[]): VisitRow => ({
      site,
      route: '/',
      next: '/contact',
      samples: restored.map((fromCache, run) => ({
        repeatBytes: 2048 * (run + 1),
        repeatMs: 700 + run,
        backMs: 90 + 10 * run,
        restored: fromCache,
      })),
    });
    expect(
      tableCells(
        renderVisitTable([row('this site', [true, true, true]), row('template', [false, true, false])]),
      ),
    ).toEqual([
      ['this site', '/', '4.0', '701', '/contact', '100', '3/3'],
      ['template', '/', '4.0', '701', '/contact', '100', '1/3'],
    ]);
  });
});
