/**
 * Netlify Blobs on one machine: starts the package's local server (blobs-process.ts) on a free
 * port over a directory, and points this process's Blobs environment at it, so the functions'
 * store code runs unchanged under `npm start`, `npm run dev`, `npm run enquiries` and the tests.
 * When that process dies, another is started over the same directory and the environment points
 * at it: calls in flight fail at their deadline, later ones reach the new server.
 */
import { fork, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { once } from 'node:events';
import { join } from 'node:path';
import { setEnvironmentContext } from '@netlify/blobs';
import type { BlobsProcessSettings } from './blobs-process.ts';

export interface LocalBlobs {
  directory: string;
  /** Where the server listens now (a restarted one listens elsewhere). */
  readonly url: string;
  stop(): Promise<void>;
}

/** A server that dies this soon after starting is restarted after a pause, never in a tight loop. */
const crashLoopMs = 5000;
const restartPauseMs = 1000;

async function startServer(directory: string, token: string) {
  const child = fork(join(import.meta.dirname, 'blobs-process.ts'), [], {
    env: {},
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const exited = once(child, 'exit');
  const answer = async () => ((await Promise.race([once(child, 'message'), exited])) as unknown[])[0];
  if ((await answer()) === 'ready') child.send({ directory, token } satisfies BlobsProcessSettings);
  const port = ((await answer()) as { port?: unknown } | null)?.port;
  if (typeof port !== 'number') throw new Error(`The local Blobs server did not start (${directory})`);
  const url = `http://127.0.0.1:${port}`;
  setEnvironmentContext({ siteID: 'local', token, edgeURL: url, uncachedEdgeURL: url });
  return { child, exited, url, startedAt: Date.now() };
}

/** `directory`: where the enquiries are kept (ENQUIRY_STORE_DIR, server/config.ts). */
export async function startLocalBlobs(directory: string): Promise<LocalBlobs> {
  const token = randomBytes(24).toString('hex');
  let current = await startServer(directory, token);
  let stopping = false;

  const watch = (server: typeof current) => {
    void server.exited.then(async () => {
      const { exitCode, signalCode } = server.child;
      // Ctrl-C or a service manager stops the whole process group: this process is stopping too.
      if (stopping || signalCode === 'SIGINT' || signalCode === 'SIGTERM') return;
      console.error(`The local enquiry store stopped (${signalCode ?? `exit ${exitCode}`}); restarting it.`);
      if (Date.now() - server.startedAt < crashLoopMs)
        await new Promise((r) => setTimeout(r, restartPauseMs));
      if (stopping) return;
      try {
        current = await startServer(directory, token);
        if (stopping) current.child.disconnect();
        else watch(current);
      } catch (error) {
        console.error('The local enquiry store could not be restarted:', error);
      }
    });
  };
  watch(current);

  return {
    directory,
    get url() {
      return current.url;
    },
    async stop() {
      stopping = true;
      const { child, exited }: { child: ChildProcess; exited: Promise<unknown> } = current;
      if (child.exitCode !== null || child.signalCode !== null) return;
      child.disconnect();
      await exited;
    },
  };
}
