/**
 * `npm run bench`'s measures on the slow phone (tap.ts: 4× CPU, 400 kbit/s, 400 ms round trip),
 * after Lighthouse: each island's first tap (first-taps.ts), coming back to a page (visits.ts,
 * beside the compared build when there is one), then the second page (second-page.ts). The second
 * page goes last: it closes the browser.
 */
import { builtIndexableRoutes, htmlRoutes } from '../../tools/built-routes.ts';
import { firstTapGoals, missedFirstTaps, renderFirstTapTable } from './first-tap-report.ts';
import { benchFirstTaps } from './first-taps.ts';
import { benchSecondPage, printSecondPage } from './second-page.ts';
import { renderVisitTable } from './visit-report.ts';
import { benchVisits } from './visits.ts';

/** The home page and, to go on to before Back, the contact page where the build has one, else its next page. */
function visitRoutes(routes: string[]) {
  const next = routes.includes('/contact') ? '/contact' : routes.find((route) => route !== '/');
  if (!routes.includes('/') || !next) throw new Error('A build to visit needs a home page and another page');
  return { route: '/', next };
}

export async function benchSlowPhone(
  dist: string,
  /** The compared build: its folder as given (its name in the table) and the copy served. */
  compared: { dir: string; root: string } | undefined,
  runs: number,
  chromePort: number,
) {
  const firstTaps = await benchFirstTaps(dist, runs, chromePort);
  const visits = await benchVisits(
    [
      { name: 'this site', root: dist, ...visitRoutes(builtIndexableRoutes(dist)) },
      ...(compared
        ? [{ name: compared.dir, root: compared.root, ...visitRoutes(htmlRoutes(compared.root)) }]
        : []),
    ],
    runs,
    chromePort,
  );
  const secondPage = await benchSecondPage(dist, runs, chromePort);
  return { firstTaps, visits, secondPage };
}

/** Prints the three tables; returns how many figures miss their goal (the compared build's never count). */
export function printSlowPhone(results: Awaited<ReturnType<typeof benchSlowPhone>>, runs: number) {
  console.log(`\nFirst taps on a slow phone, as soon as the page is on screen, median and worst of ${runs}`);
  console.log(
    `(4× CPU, 400 kbit/s, 400 ms round trip) ✓ under the goal: event ${firstTapGoals.eventMs} ms, menu shown ${firstTapGoals.shownMs} ms\n`,
  );
  console.log(renderFirstTapTable(results.firstTaps));
  console.log(`\nComing back on a slow phone: a repeat visit in a new tab, and Back, median of ${runs}\n`);
  console.log(renderVisitTable(results.visits));
  return missedFirstTaps(results.firstTaps) + printSecondPage(results.secondPage, runs);
}
