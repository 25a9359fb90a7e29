/**
 * Runs @netlify/blobs' own local server in a child process of its own, so its umask can be 077
 * without touching the parent: the store's directory is 0700 and every file it writes 0600 (the
 * server has no option for file modes). Started and stopped by local-blobs.ts: once this process
 * says it is ready, the parent sends the settings, and this one answers with its port. Messages
 * (not the environment or arguments) keep the token out of sight of other processes.
 *
 * Three gaps between the package's server and Netlify Blobs are closed here (blob-consistency.ts),
 * so a conditional write means the same thing locally: reads carry the ETag, requests on one key
 * run one at a time (its "only if match" checks and writes are separate steps), and a write always
 * changes the ETag.
 */
import { once } from 'node:events';
import { chmod, mkdir } from 'node:fs/promises';
import { BlobsServer } from '@netlify/blobs/server';
import { makeConsistent } from './blob-consistency.ts';

export interface BlobsProcessSettings {
  directory: string;
  token: string;
}

process.umask(0o077);
// Ready only once listening: a message sent any earlier would be lost.
const settings = once(process, 'message') as Promise<[BlobsProcessSettings]>;
process.send?.('ready');
const [{ directory, token }] = await settings;
if (!directory || !token) throw new Error('The local Blobs server needs a directory and a token');

await mkdir(directory, { recursive: true, mode: 0o700 });
await chmod(directory, 0o700);
const server = new BlobsServer({ directory, token });
makeConsistent(server);
const { port } = await server.start();
process.send?.({ port });
// The parent gone (or done with us): stop.
process.on('disconnect', () => void server.stop().finally(() => process.exit(0)));
