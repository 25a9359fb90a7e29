/**
 * `npm start`: build the site when dist/ is missing or older than its sources, then serve it on
 * http://localhost:4321. `--no-build` serves dist/ as it is. Enquiries are kept in a SQLite file in
 * ENQUIRY_STORE_DIR, sent at start-up and every minute (also those kept while mail was not
 * configured). Shortly after midnight on a day a scheduled post or case study goes live, it builds
 * again and swaps the new build in once complete (server/scheduled-rebuild.ts). `.env` in the
 * working directory fills in what the real environment does not set; server/config.ts reads the
 * server's settings from it. SIGINT or SIGTERM stops it cleanly: no new connections, the sends in
 * progress and their saves finish (enquiries/host.ts), then it exits.
 */
// First, so that .env is loaded before a setting is read.
import './env-file.ts';
import { spawnSync } from 'node:child_process';
import { readdirSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { serverConfig } from './config.ts';
import { createSiteServer } from './server.ts';
import { mailWarning } from './mail-warning.ts';
import { alertSettings } from '../enquiries/mail-settings.ts';
import { startEnquiryHost } from '../enquiries/host.ts';
import { launchItems, launchVerdict, readCompanyText } from '../src/lib/shared/launch-readiness.ts';
import { launchSettings } from '../src/launch-settings.ts';
import { site } from '../src/site.config.ts';
import { buildAndSwap, startScheduledRebuild } from './scheduled-rebuild.ts';
import { scheduledDaysIn } from '../src/lib/shared/scheduled-days.ts';

const config = serverConfig(process.env);
const project = resolve(import.meta.dirname, '..');
const dist = config.outDir;
// `.env` too: the build reads the site's name and addresses from it.
const sources = ['src', 'public', '.env', 'astro.config.mjs', 'package-lock.json'].map((name) =>
  join(project, name),
);

function newestChange(path: string): number {
  const info = statSync(path, { throwIfNoEntry: false });
  if (!info) return 0;
  if (!info.isDirectory()) return info.mtimeMs;
  return readdirSync(path).reduce(
    (newest, name) => Math.max(newest, newestChange(join(path, name))),
    info.mtimeMs,
  );
}

function buildIsStale(): boolean {
  const built = statSync(join(dist, 'index.html'), { throwIfNoEntry: false });
  return !built || sources.some((source) => newestChange(source) > built.mtimeMs);
}

const astro = join(project, 'node_modules', 'astro', 'bin', 'astro.mjs');
const rebuild = !process.argv.includes('--no-build') && buildIsStale();
if (rebuild) {
  console.log('Building the site…');
  const result = spawnSync(process.execPath, [astro, 'build', '--outDir', dist], {
    cwd: project,
    stdio: 'inherit',
  });
  if (result.status !== 0) process.exit(result.status ?? 1);
} else {
  // A build prints the launch check's placeholders itself; without one, say them once here (the
  // mail settings have their own warning below).
  const items = launchItems({ settings: launchSettings(process.env), companyText: readCompanyText(project) });
  const verdict = launchVerdict(items, false);
  if (verdict.kind === 'warn') console.warn(verdict.message);
}

const enquiries = startEnquiryHost({
  directory: config.enquiryStoreDir,
  storeWaitMs: config.enquiryStoreWaitMs,
  site,
});
console.log(`Keeping enquiries in ${enquiries.directory}`);

const { port, host } = config;
const server = createSiteServer({
  root: dist,
  trustProxy: config.trustProxy,
  contactHandler: enquiries.contact,
  healthHandler: enquiries.health,
});
server.listen(port, host, () => {
  const shown = host === '127.0.0.1' || host === '::1' ? 'localhost' : host;
  const address = server.address();
  const listening = typeof address === 'object' && address ? address.port : port;
  console.log(`Serving the site on http://${shown}:${listening}`);
  const warning = mailWarning(process.env, enquiries.directory);
  if (warning) console.warn(warning);
  for (const problem of alertSettings(process.env).problems) console.warn(`Owner alerts: ${problem}.`);
});

// Scheduled posts and case studies go live after midnight on their day, with nobody acting.
const scheduled = process.argv.includes('--no-build')
  ? undefined
  : startScheduledRebuild({
      now: () => Date.now(),
      // A build just made holds today's entries, whatever the file times say.
      builtAt: rebuild
        ? Date.now()
        : (statSync(join(dist, 'index.html'), { throwIfNoEntry: false })?.mtimeMs ?? 0),
      dueDays: () => scheduledDaysIn(project),
      build: buildAndSwap({ astro, project, served: dist }),
      log: console.log,
      warn: console.warn,
    });

let stopping = false;
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    if (stopping) return;
    stopping = true;
    console.log(`${signal}: stopping once the sends in progress are saved; no new send starts.`);
    scheduled?.stop();
    // Answers still being written get a moment once the sends behind them have finished.
    const closed = new Promise((done) => server.close(done));
    server.closeIdleConnections();
    void enquiries
      .stop()
      .then(() => Promise.race([closed, new Promise((done) => setTimeout(done, 1000))]))
      .finally(() => process.exit(0));
  });
}
