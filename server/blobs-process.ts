/**
 * Runs @netlify/blobs' own local server in a child process of its own, so its umask can be 077
 * without touching the parent: the store's directory is 0700 and every file it writes 0600 (the
 * server has no option for file modes). Started and stopped by local-blobs.ts.
 */
import { chmod, mkdir } from 'node:fs/promises';
import { BlobsServer } from '@netlify/blobs/server';

process.umask(0o077);
const directory = process.env.BLOBS_DIRECTORY ?? '';
const token = process.env.BLOBS_TOKEN ?? '';
if (!directory || !token) throw new Error('BLOBS_DIRECTORY and BLOBS_TOKEN must be set');

await mkdir(directory, { recursive: true, mode: 0o700 });
await chmod(directory, 0o700);
const server = new BlobsServer({ directory, token });
const { port } = await server.start();
process.send?.({ port });
// The parent gone (or done with us): stop.
process.on('disconnect', () => void server.stop().finally(() => process.exit(0)));
