/**
 * Netlify Blobs on one machine: starts the package's local server (blobs-process.ts) on a free
 * port over a directory, and points this process's Blobs environment at it, so the functions'
 * store code runs unchanged under `npm start`, `npm run dev`, `npm run enquiries` and the tests.
 */
import { fork } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { once } from 'node:events';
import { join, resolve } from 'node:path';
import { setEnvironmentContext } from '@netlify/blobs';

/** Where enquiries are kept locally; ENQUIRY_STORE_DIR overrides it. */
const defaultStoreDir = '.data';

function localStoreDir(env: Record<string, string | undefined> = process.env): string {
  return resolve(env.ENQUIRY_STORE_DIR?.trim() || defaultStoreDir);
}

export interface LocalBlobs {
  directory: string;
  url: string;
  stop(): Promise<void>;
}

export async function startLocalBlobs(directory: string = localStoreDir()): Promise<LocalBlobs> {
  const token = randomBytes(24).toString('hex');
  const child = fork(join(import.meta.dirname, 'blobs-process.ts'), [], {
    env: { BLOBS_DIRECTORY: directory, BLOBS_TOKEN: token },
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const exited = once(child, 'exit');
  const started = (await Promise.race([once(child, 'message'), exited])) as unknown[];
  const port = (started[0] as { port?: unknown } | null)?.port;
  if (typeof port !== 'number') throw new Error(`The local Blobs server did not start (${directory})`);

  const url = `http://127.0.0.1:${port}`;
  setEnvironmentContext({ siteID: 'local', token, edgeURL: url, uncachedEdgeURL: url });
  return {
    directory,
    url,
    async stop() {
      if (child.exitCode !== null || child.signalCode !== null) return;
      child.disconnect();
      await exited;
    },
  };
}
