/**
 * The tests' harness around a throwaway copy of the project (tools/scratch-copy.ts): besides
 * writing files and building, it starts the editor's preview (`astro dev`) and checks content
 * against its schemas, once or once per edit, as a build does first.
 */
import { spawn, spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { astro, project, scratchCopy, type CommandResult } from '#tools/scratch-copy.ts';

const syncEachScript = join(project, 'tests/support/sync-each.ts');

/** One check of `syncEach`: its exit status and what the command line would have printed. */
export type SyncResult = Omit<CommandResult, 'milliseconds'>;

export function copyProject(prefix: string) {
  const copy = scratchCopy(prefix);
  const { dir, env } = copy;
  return {
    ...copy,
    /** Starts `astro dev` (the editor's preview) on 127.0.0.1:`port`; kill the process to stop it. */
    dev: (port: number) =>
      spawn(process.execPath, [astro, 'dev', '--port', String(port), '--host', '127.0.0.1'], {
        cwd: dir,
        env,
        stdio: 'ignore',
      }),
    /** Checks every content file against its schema, as a build does first. */
    sync: () => copy.run(['sync']),
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
  };
}

export type ProjectCopy = ReturnType<typeof copyProject>;
