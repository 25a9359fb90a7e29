/**
 * Netlify Blobs for the tests: the package's own local server (what it ships for this) in this
 * process, made to keep Netlify's promises on conditional writes (blob-consistency.ts), over a
 * fresh folder, with this process's Blobs environment pointed at it so the Blobs adapter
 * (enquiries/store/blobs.ts) runs as deployed. `stop()` stops it and deletes the folder.
 */
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setEnvironmentContext } from '@netlify/blobs';
import { BlobsServer } from '@netlify/blobs/server';
import { makeConsistent } from './blob-consistency.ts';

export interface TestBlobs {
  directory: string;
  url: string;
  token: string;
  stop(): Promise<void>;
}

export async function startTestBlobs(prefix = 'blobs-'): Promise<TestBlobs> {
  const directory = await mkdtemp(join(tmpdir(), prefix));
  const token = randomBytes(24).toString('hex');
  const server = new BlobsServer({ directory, token });
  makeConsistent(server);
  const { port } = await server.start();
  const url = `http://127.0.0.1:${port}`;
  setEnvironmentContext({ siteID: 'local', token, edgeURL: url, uncachedEdgeURL: url });
  return {
    directory,
    url,
    token,
    async stop() {
      await server.stop();
      await rm(directory, { recursive: true, force: true });
    },
  };
}
