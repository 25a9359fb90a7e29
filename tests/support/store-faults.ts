/**
 * A real `npm start` (server/start.ts, its own process) over a store folder a test can break the
 * way an operator would (lock it, delete it, damage it), with what a visitor and the operator see:
 * one enquiry posted as the form does, the home page fetched, and `npm run enquiries`' inbox.
 */
import { execFile } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { postEnquiry as postOne } from './kept-enquiries.ts';
import { startLikeNpmStart, type StartedServer } from './raw-http.ts';

const project = resolve(import.meta.dirname, '../..');

/** A working folder with a one-page built site; `store` is the enquiry store's folder in it. */
export function storeWorkspace(prefix: string) {
  const work = mkdtempSync(join(tmpdir(), `${prefix}-`));
  mkdirSync(join(work, 'dist'));
  writeFileSync(join(work, 'dist', 'index.html'), '<h1>Home</h1>');
  const store = join(work, 'store');
  const env = { OUT_DIR: join(work, 'dist'), ENQUIRY_STORE_DIR: store, TRUST_PROXY: '1' };
  return {
    work,
    store,
    env,
    start: (extra: Record<string, string> = {}, fileSizeLimitKib?: number): Promise<StartedServer> =>
      startLikeNpmStart({ cwd: work, env: { ...env, ...extra }, fileSizeLimitKib }),
    /** The inbox as `npm run enquiries` prints it, over the same store. */
    inbox: async (): Promise<string> =>
      (
        await promisify(execFile)(process.execPath, [join(project, 'scripts/enquiries.ts')], {
          cwd: work,
          env: { PATH: process.env.PATH, ...env },
        })
      ).stdout,
    remove: () => rmSync(work, { recursive: true, force: true }),
  };
}

let visitors = 0;

/** One enquiry as the form posts it, from an address of its own: the status and body. */
export function postEnquiry(port: number, message: string) {
  visitors += 1;
  return postOne(port, message, `10.9.${Math.floor(visitors / 250)}.${(visitors % 250) + 1}`);
}

/** The home page's status. */
export async function getHome(port: number): Promise<number> {
  return (await fetch(`http://localhost:${port}/`)).status;
}
