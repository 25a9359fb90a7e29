/**
 * `npm run bench`'s second-page part: every tap of tap-pairs.ts measured `runs` times on the slow
 * phone (tap.ts), with the build served as it is and again without its speculation rules (a copy
 * of the build whose pages lack them, compressed again), so the table shows what the rules are worth.
 */
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { precompress } from '../../src/lib/build-time/precompress.ts';
import { isServiceRoute } from '../../src/lib/shared/routes.ts';
import { htmlFiles } from '../../src/integrations/built-files.ts';
import { builtIndexableRoutes } from '../../tools/built-routes.ts';
import { tapPairs } from './tap-pairs.ts';
import { connectTo, measureTap, serveThrottled } from './tap.ts';
import { missedTaps, renderTapTable, tapGoalMs, withoutSpeculationRules, type TapRow } from './tap-report.ts';

const builtFile = (dist: string, route: string) =>
  join(dist, route === '/' ? 'index.html' : `${route.slice(1)}.html`);

const asBuilt = 'as built';
const withoutRules = 'without the rules';

/** The ways of serving the build to measure: a copy without the rules only when its pages hold them. */
async function servings(dist: string, scratch: string): Promise<Record<string, string>> {
  const copy = join(scratch, 'site');
  cpSync(dist, copy, { recursive: true });
  let stripped = 0;
  for (const file of await htmlFiles(copy)) {
    const html = readFileSync(file, 'utf8');
    const without = withoutSpeculationRules(html);
    if (without === html) continue;
    writeFileSync(file, without);
    stripped += 1;
  }
  if (stripped === 0) return { [asBuilt]: dist };
  await precompress(copy);
  return { [asBuilt]: dist, [withoutRules]: copy };
}

export async function benchSecondPage(dist: string, runs: number, chromePort: number) {
  const service = builtIndexableRoutes(dist).find(isServiceRoute);
  if (!service) throw new Error('The build has no service page to tap from');
  const pairs = tapPairs(readFileSync(builtFile(dist, '/'), 'utf8'), {
    route: service,
    html: readFileSync(builtFile(dist, service), 'utf8'),
  });
  const scratch = mkdtempSync(join(tmpdir(), 'bench-taps-'));
  const roots = await servings(dist, scratch);
  const browser = await connectTo(chromePort);
  const rows: TapRow[] = pairs.map((pair) => ({ pair, samples: {} }));
  try {
    for (const [serving, root] of Object.entries(roots)) {
      const site = await serveThrottled(root);
      try {
        for (const row of rows) {
          row.samples[serving] = [];
          for (let run = 0; run < runs; run += 1)
            row.samples[serving].push(await measureTap(browser, site.origin, row.pair));
          process.stderr.write(`tapped ${serving}: ${row.pair.from} → ${row.pair.to}\n`);
        }
      } finally {
        site.close();
      }
    }
  } finally {
    await browser.close();
    rmSync(scratch, { recursive: true, force: true });
  }
  return { servings: Object.keys(roots), rows };
}

/** Prints the table; returns how many taps miss the goal as built. */
export function printSecondPage(
  { servings, rows }: Awaited<ReturnType<typeof benchSecondPage>>,
  runs: number,
) {
  console.log(
    `\nSecond page on a slow phone: tap → the next page's first contentful paint, median of ${runs}`,
  );
  console.log(`(4× CPU, 400 kbit/s, 400 ms round trip) ✓ at most ${tapGoalMs} ms, ✗ more\n`);
  console.log(renderTapTable(rows, servings));
  if (servings.length === 1) console.log('\nThe build holds no speculation rules: measured once.');
  return missedTaps(rows, asBuilt);
}
