/** The first-press table: the sweeps' notes summed per engine and island from a Playwright JSON report. */
import type { JSONReport, JSONReportSuite, JSONReportTestResult } from '@playwright/test/reporter';
import { describe, expect, it } from 'vitest';
import {
  firstPressRows,
  missedFirstPresses,
  renderFirstPressTable,
} from '#scripts/bench/first-press-report.ts';
import { tableCells } from '#support/table-cells.ts';
import { pressTallyAnnotation, type PressTally } from '#tools/first-press-tally.ts';

/** One run of a test: passed with its press notes, or failed with none. */
const result = (status: 'passed' | 'failed', ...tallies: PressTally[]) =>
  ({
    status,
    annotations: tallies.map((tally) => ({ type: pressTallyAnnotation, description: JSON.stringify(tally) })),
  }) as unknown as JSONReportTestResult;

const suite = (
  title: string,
  specs: [string, string, JSONReportTestResult[]][],
  suites: JSONReportSuite[] = [],
) =>
  ({
    title,
    suites,
    specs: specs.map(([spec, projectName, results]) => ({ title: spec, tests: [{ projectName, results }] })),
  }) as unknown as JSONReportSuite;

const webkitMenu = { engine: 'WebKitGTK', island: 'the phone menu', tries: 8 };
const firefoxFaq = { engine: 'Firefox ESR', island: 'an FAQ question', tries: 8 };
const report = {
  suites: [
    suite(
      'first-press.spec.ts',
      [],
      [
        suite('WebKitGTK', [
          [
            'menu sweep',
            'engines',
            [
              result('passed', { ...webkitMenu, lost: [] }),
              result('failed', { ...webkitMenu, lost: ['pressed 10 ms'] }),
            ],
          ],
          ['a press as React arrives', 'engines', [result('failed')]],
        ]),
        suite('Firefox ESR', [['faq sweep', 'engines', [result('passed', { ...firefoxFaq, lost: [] })]]]),
      ],
    ),
  ],
} as unknown as JSONReport;

describe('the first-press table', () => {
  const rows = firstPressRows(report);

  it('sums every run of a sweep, however deep its suite, and counts a failed test that noted nothing', () => {
    expect(rows).toEqual([
      { ...webkitMenu, tries: 16, lost: ['pressed 10 ms'], unfinished: 0 },
      {
        engine: 'engines › WebKitGTK',
        island: 'a press as React arrives',
        tries: 0,
        lost: [],
        unfinished: 1,
      },
      { ...firefoxFaq, lost: [], unfinished: 0 },
    ]);
  });

  it('marks a row with any lost press or unfinished run as missing the goal', () => {
    expect(missedFirstPresses(rows)).toBe(2);
    const cells = tableCells(renderFirstPressTable(rows));
    expect(cells).toEqual([
      ['WebKitGTK', 'the phone menu', '16', '1', '93.8 % ✗', 'pressed 10 ms'],
      ['engines › WebKitGTK', 'a press as React arrives (1 run(s) unfinished)', '0', '0', '0.0 % ✗', '–'],
      ['Firefox ESR', 'an FAQ question', '8', '0', '100.0 % ✓', '–'],
    ]);
  });

  it('misses the goal when no sweep ran at all', () => {
    expect(missedFirstPresses([{ engine: 'x', island: 'y', tries: 0, lost: [], unfinished: 0 }])).toBe(1);
  });
});
