/**
 * A throwaway copy of the project in the system's temporary folder, with extra content files, built
 * as `npm run build` would: for the article integration tests and the `--articles` bench case. The
 * copy shares node_modules with the project but has its own Astro cache, removed with the copy.
 */
import { spawn, spawnSync } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, dirname, join, resolve } from 'node:path';

export const project = resolve(import.meta.dirname, '../..');
const astro = join(project, 'node_modules/astro/bin/astro.mjs');
const syncEachScript = join(project, 'tests/support/sync-each.ts');

/** One check of `syncEach`: its exit status and what the command line would have printed. */
export type SyncResult = Omit<CommandResult, 'milliseconds'>;

export interface CommandResult {
  status: number | null;
  output: string;
  milliseconds: number;
}

export function copyProject(prefix: string) {
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
    /** Starts `astro dev` (the editor's preview) on 127.0.0.1:`port`; kill the process to stop it. */
    dev: (port: number) =>
      spawn(process.execPath, [astro, 'dev', '--port', String(port), '--host', '127.0.0.1'], {
        cwd: dir,
        env,
        stdio: 'ignore',
      }),
    /** Checks every content file against its schema, as a build does first. */
    sync: () => run(['sync']),
    /**
     * `sync` once per named edit, each on the files as they are plus that one edit (put back after),
     * all in one process (tests/support/sync-each.ts): each edit's result under its name.
     */
    syncEach<Name extends string>(
      edits: Readonly<Record<Name, { file: string; text: string }>>,
    ): Record<Name, SyncResult> {
      const names = Object.keys(edits) as Name[];
      const result = spawnSync(process.execPath, [syncEachScript], {
        cwd: dir,
        env,
        encoding: 'utf8',
        input: JSON.stringify(names.map((name) => edits[name])),
      });
      if (result.status !== 0) throw new Error(`sync-each failed:\n${result.stdout}\n${result.stderr}`);
      const results = JSON.parse(result.stdout) as SyncResult[];
      return Object.fromEntries(names.map((name, index) => [name, results[index]!])) as Record<
        Name,
        SyncResult
      >;
    },
    cleanup() {
      rmSync(dir, { recursive: true, force: true });
      rmSync(cache, { recursive: true, force: true });
    },
  };
}

export type ProjectCopy = ReturnType<typeof copyProject>;

/** Front matter values as YAML: JSON is valid YAML, so every string is quoted and escaped. */
export function markdownFile(frontMatter: Record<string, unknown>, body: string): string {
  const lines = Object.entries(frontMatter)
    .filter(([, value]) => value !== undefined)
    .map(([key, value]) => `${key}: ${JSON.stringify(value)}`);
  return `---\n${lines.join('\n')}\n---\n\n${body}\n`;
}

/** Word `i` of a sentence said over and over. */
function repeated(sentence: string): (index: number) => string {
  const source = sentence.split(' ');
  return (index) => source[index % source.length]!;
}

/**
 * `words` words of prose in paragraphs of 60, with a `##` heading before every fourth paragraph:
 * a sentence about `topic` over and over, or word `i` as `topic(i)` gives it.
 */
export function articleBody(words: number, topic: string | ((index: number) => string) = 'Shopify'): string {
  const wordAt =
    typeof topic === 'function'
      ? topic
      : repeated(
          `${topic} stores sell more when pages load fast and say plainly what they offer to visitors.`,
        );
  const all = Array.from({ length: words }, (_, i) => wordAt(i));
  const paragraphs: string[] = [];
  for (let start = 0; start < all.length; start += 60) {
    const index = start / 60;
    if (index % 4 === 0) paragraphs.push(`## Part ${index / 4 + 1}`);
    paragraphs.push(all.slice(start, start + 60).join(' '));
  }
  return paragraphs.join('\n\n');
}
