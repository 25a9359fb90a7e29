/**
 * `npm run test:lockfile`: npm install's resolver accepts the committed lockfile, under npm 11 and
 * npm 10 (`npm ci` never runs the resolver, so it stays green when a fresh clone's `npm install`, an
 * `npm install <package>` or Dependabot's updater would stop). Each npm rewrites a copy of
 * package.json and package-lock.json (`--package-lock-only`: nothing downloaded but the packages'
 * metadata), which must exit 0 and keep every package at the version the lockfile names, so
 * `npm install` installs what `npm ci` does. Needs the registry; `.ci/run` counts it into its totals.
 * Prints one line per npm and ends with `N passed, M failed`; exits non-zero on any failure.
 */
import { spawnSync } from 'node:child_process';
import { copyFileSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { totalsLine } from './counts.ts';

const project = resolve(import.meta.dirname, '../..');
const copied = ['package.json', 'package-lock.json', '.npmrc'];
/** The two majors people install with: npm 11, current, and npm 10, which Node 22 still ships. */
const npms = ['11', '10'].map((major) => ({
  name: `npm ${major}`,
  command: ['npx', '--yes', `npm@${major}`],
}));

/** The environment without what `npm run` sets for its script (`--silent` would hide npm's errors). */
const freshEnv = Object.fromEntries(
  Object.entries(process.env).filter(([name]) => !name.toLowerCase().startsWith('npm_config_')),
);

type Lock = { packages: Record<string, { version?: string }> };
const versions = (lock: Lock) =>
  new Map(Object.entries(lock.packages).map(([path, entry]) => [path, entry.version ?? '']));
const readLock = (dir: string) => JSON.parse(readFileSync(join(dir, 'package-lock.json'), 'utf8')) as Lock;

/** What npm install would change: packages added, removed or moved to another version. */
function versionChanges(before: Lock, after: Lock): string[] {
  const [was, now] = [versions(before), versions(after)];
  const paths = new Set([...was.keys(), ...now.keys()]);
  return [...paths]
    .filter((path) => was.get(path) !== now.get(path))
    .map((path) => `${path || '(root)'}: ${was.get(path) ?? 'absent'} -> ${now.get(path) ?? 'absent'}`);
}

function resolves(command: string[]): string[] {
  const dir = mkdtempSync(join(tmpdir(), 'lockfile-'));
  try {
    for (const file of copied) copyFileSync(join(project, file), join(dir, file));
    const [bin = 'npm', ...args] = command;
    const install = spawnSync(
      bin,
      [...args, 'install', '--package-lock-only', '--ignore-scripts', '--no-audit', '--no-fund'],
      { cwd: dir, encoding: 'utf8', env: freshEnv },
    );
    const errors = `${install.stdout}\n${install.stderr}`
      .split('\n')
      .filter((line) => line.startsWith('npm error'));
    if (install.status !== 0) return [`npm install exited ${install.status}:`, ...errors.slice(0, 8)];
    return versionChanges(readLock(project), readLock(dir));
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

const failures = npms.map(({ name, command }) => {
  const problems = resolves(command);
  console.log(problems.length === 0 ? `ok: ${name} resolves the lockfile` : `FAIL: ${name}`);
  for (const problem of problems) console.log(`  ${problem}`);
  return problems.length > 0;
});
const failed = failures.filter(Boolean).length;
console.log(totalsLine({ passed: failures.length - failed, failed, skipped: 0 }));
process.exit(failed === 0 ? 0 : 1);
