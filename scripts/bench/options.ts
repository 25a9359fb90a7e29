/**
 * `npm run bench`'s options, read with util.parseArgs: --help prints them and exits; a wrong one
 * stops the bench with the usage (exit code 2) before anything slow is loaded.
 */
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { htmlRoutes } from '../../tools/built-routes.ts';

const usage = `Usage: npm run bench -- [options]

Lighthouse (mobile preset) over every route, after the contact function's own timings.

  --runs N              Lighthouse runs per route and start; the median is kept (default 3)
  --route /path         measure this route only (repeatable; default: every route)
  --start arrival|in-site
                        from about:blank or from the home page (repeatable; default: both)
  --no-build            measure dist/ as it is, without building first
  --busy                keep one core busy while measuring (a phone, or a CI machine, doing
                        other work)
  --compare DIR         also measure another static build (a template, an earlier commit) in the
                        same run: its indexable pages (or the --route ones), built as name.html
  --no-taps             leave out the slow phone's measures (first taps, repeat visit and Back,
                        tap → next page's first paint)
  --taps-only           measure only those (no Lighthouse, no function timings)
  --no-presses          leave out the first presses across hydration per engine (the test suite's
                        first-press sweeps, --runs times over, in Chromium, WebKitGTK and Firefox)
  --presses-only        measure only those
  --trace               trace page loads instead of Lighthouse: every main-thread task after the
                        first contentful paint, per route (medians of --runs; with --compare and
                        --busy too)
  --function-only       time the contact function and the retry job only
  --job-only            time the retry job only
  --articles [N]        time builds instead: N generated posts (default 200), cold and after one edit
  -h, --help            show this help`;

/** The options given, or the process ends (the usage printed) when they are wrong or --help asks. */
export function benchOptions() {
  const { values, positionals } = (() => {
    try {
      return parseArgs({
        allowPositionals: true,
        options: {
          runs: { type: 'string', default: '3' },
          route: { type: 'string', multiple: true, default: [] },
          start: { type: 'string', multiple: true, default: [] },
          'no-build': { type: 'boolean', default: false },
          busy: { type: 'boolean', default: false },
          compare: { type: 'string' },
          'no-taps': { type: 'boolean', default: false },
          'taps-only': { type: 'boolean', default: false },
          'no-presses': { type: 'boolean', default: false },
          'presses-only': { type: 'boolean', default: false },
          trace: { type: 'boolean', default: false },
          'function-only': { type: 'boolean', default: false },
          'job-only': { type: 'boolean', default: false },
          articles: { type: 'boolean', default: false },
          help: { type: 'boolean', short: 'h', default: false },
        },
      });
    } catch (error) {
      console.error(`${(error as Error).message}\n\n${usage}`);
      process.exit(2);
    }
  })();
  if (values.help) {
    console.log(usage);
    process.exit(0);
  }
  const whole = (text: string | undefined, name: string, fallback: number) => {
    const value = Number(text ?? fallback);
    if (Number.isInteger(value) && value > 0) return value;
    console.error(`${name} takes a whole number above 0, got "${text}"\n\n${usage}`);
    process.exit(2);
  };
  // Only --articles takes a number after it (positional, as it is optional).
  if (positionals.length > (values.articles ? 1 : 0)) {
    console.error(`Unexpected argument: ${positionals.join(' ')}\n\n${usage}`);
    process.exit(2);
  }
  // Another build measured in the same run, under the same Chromium and load (--compare): its
  // indexable pages, or those of the --route paths it has. Checked before anything is measured.
  const comparison = (() => {
    if (values.compare === undefined) return undefined;
    const dir = resolve(values.compare);
    try {
      const routes = htmlRoutes(dir).filter(
        (route) => values.route.length === 0 || values.route.includes(route),
      );
      if (routes.length === 0) throw new Error(`${dir}: no page to measure`);
      return { dir, routes };
    } catch (error) {
      console.error(`--compare: ${(error as Error).message}\n\n${usage}`);
      process.exit(2);
    }
  })();
  return { values, positionals, usage, whole, comparison };
}
