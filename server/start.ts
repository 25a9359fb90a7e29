/**
 * `npm start`: build the site when dist/ is missing or older than its sources, then serve it on
 * http://localhost:4321 (PORT and HOST override). `--no-build` serves dist/ as it is. Enquiries
 * are kept in a local Blobs store (.data/, ENQUIRY_STORE_DIR overrides) and retried every minute.
 * `.env` in the working directory fills in what the real environment does not set.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';

// Before anything reads the environment: the site and mail settings are read at import time.
if (existsSync('.env')) process.loadEnvFile('.env');
const { createSiteServer } = await import('./server.ts');
const { mailWarning } = await import('./mail-warning.ts');
const { startLocalBlobs } = await import('./local-blobs.ts');
const { scheduleRetries } = await import('./retry-schedule.ts');

const project = resolve(import.meta.dirname, '..');
// OUT_DIR lets several checkouts' builds (or parallel test runs) live side by side.
const dist = resolve(project, process.env.OUT_DIR ?? 'dist');
const sources = ['src', 'public', 'astro.config.mjs', 'package-lock.json'].map((name) => join(project, name));

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

if (!process.argv.includes('--no-build') && buildIsStale()) {
  console.log('Building the site…');
  const astro = join(project, 'node_modules', 'astro', 'bin', 'astro.mjs');
  const result = spawnSync(process.execPath, [astro, 'build', '--outDir', dist], {
    cwd: project,
    stdio: 'inherit',
  });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

const blobs = await startLocalBlobs();
console.log(`Keeping enquiries in ${blobs.directory}`);
const retries = scheduleRetries();

const port = Number(process.env.PORT ?? 4321);
const host = process.env.HOST ?? '127.0.0.1';
const server = createSiteServer({ root: dist });
server.listen(port, host, () => {
  const shown = host === '127.0.0.1' || host === '::1' ? 'localhost' : host;
  const address = server.address();
  const listening = typeof address === 'object' && address ? address.port : port;
  console.log(`Serving the site on http://${shown}:${listening}`);
  const warning = mailWarning(process.env);
  if (warning) console.warn(warning);
});

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    retries.stop();
    server.close(() => void blobs.stop().finally(() => process.exit(0)));
  });
}
