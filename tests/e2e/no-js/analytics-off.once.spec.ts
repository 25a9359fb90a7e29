/**
 * The normal build has no analytics IDs, so no built page carries any part of analytics (what
 * the pages do with JavaScript on is checked in tests/e2e/js/every-page.spec.ts). The analytics
 * file itself is built all the same, and no page names it.
 */
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { analyticsTraces, sweepPages } from '#support/pages.ts';
import { servedDist } from '#support/built-site.ts';

const built = servedDist;

test('no built page carries any analytics byte', () => {
  const pages = readdirSync(built, { recursive: true, encoding: 'utf8' }).filter((file) =>
    file.endsWith('.html'),
  );
  expect(pages.length).toBeGreaterThanOrEqual(sweepPages.length);
  for (const file of pages) {
    expect(readFileSync(join(built, file), 'utf8'), file).not.toMatch(analyticsTraces);
  }
});
