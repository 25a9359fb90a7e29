/**
 * A throwaway copy of the project in the system's temporary folder, built as `npm run build` would:
 * the bench's `--articles` case builds one with hundreds of posts, and the tests' harness
 * (tests/support/project-copy.ts) adds the checks they run in theirs. The copy shares node_modules
 * with the project but has its own Astro cache, removed with the copy.
 */
import { spawnSync } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, dirname, join, resolve } from 'node:path';

export const project = resolve(import.meta.dirname, '..');
export const astro = join(project, 'node_modules/astro/bin/astro.mjs');

export interface CommandResult {
  status: number | null;
  output: string;
  milliseconds: number;
}

export function scratchCopy(prefix: string) {
  const dir = mkdtempSync(join(tmpdir(), `${prefix}-`));
  // enquiries/: the build reads the enquiry store's retention and the mail settings from it.
  for (const name of ['src', 'public', 'enquiries', 'astro.config.mjs', 'tsconfig.json', 'package.json']) {
    cpSync(join(project, name), join(dir, name), { recursive: true });
  }
  symlinkSync(join(project, 'node_modules'), join(dir, 'node_modules'), 'dir');
  // astro.config.mjs gives each OUT_DIR its own cache folder under node_modules/.astro-cache.
  const outDirName = basename(dir);
  const cache = join(project, 'node_modules/.astro-cache', outDirName);
  const dist = join(dir, 'dist');

  // Without the variables a test runner sets (NODE_ENV=test, MODE=test, VITEST…), as `npm run build` runs.
  const runnerVariables = /^(VITEST.*|NODE_ENV|MODE|DEV|PROD|SSR|BASE_URL|TEST)$/;
  const env = {
    ...Object.fromEntries(Object.entries(process.env).filter(([name]) => !runnerVariables.test(name))),
    OUT_DIR: outDirName,
    ASTRO_TELEMETRY_DISABLED: '1',
    FORCE_COLOR: '0',
    NO_COLOR: '1',
  };
  /** Runs Astro's command line in the copy, e.g. `['build']`. */
  const run = (args: string[]): CommandResult => {
    const started = performance.now();
    const result = spawnSync(process.execPath, [astro, ...args], { cwd: dir, encoding: 'utf8', env });
    return {
      status: result.status,
      output: `${result.stdout}\n${result.stderr}`,
      milliseconds: Math.round(performance.now() - started),
    };
  };

  return {
    dir,
    dist,
    /** The environment the copy's commands run in. */
    env,
    run,
    /** Writes a file, given its path inside the project, e.g. src/content/blog/post.md. */
    write(file: string, text: string | Buffer) {
      mkdirSync(dirname(join(dir, file)), { recursive: true });
      writeFileSync(join(dir, file), text);
    },
    copy(from: string, to: string) {
      mkdirSync(dirname(join(dir, to)), { recursive: true });
      cpSync(join(project, from), join(dir, to));
    },
    remove(file: string) {
      rmSync(join(dir, file), { recursive: true, force: true });
    },
    build: () => run(['build', '--outDir', dist]),
    cleanup() {
      rmSync(dir, { recursive: true, force: true });
      rmSync(cache, { recursive: true, force: true });
    },
  };
}
