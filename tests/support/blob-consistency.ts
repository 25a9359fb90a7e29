/**
 * Makes the package's local Blobs server, the tests' stand-in for Netlify Blobs, keep the promises
 * Netlify Blobs keeps, which the Blobs adapter's lease relies on (enquiries/store/blobs.ts):
 * - a read answers the entry's ETag (the local server leaves it out), so a write can be made
 *   "only if it still matches";
 * - requests on one key run one at a time: the server checks a condition, then writes, with
 *   pauses between, so two conditional writes could otherwise both pass;
 * - every write changes the ETag: the server derives it from the file's time to the millisecond,
 *   so two writes within one millisecond would otherwise share one;
 * - a delete leaves no empty folder behind, as Netlify lists none.
 * Listings are not queued: they only read.
 */
import { rmdir, stat, utimes } from 'node:fs/promises';
import { dirname, sep } from 'node:path';
import { BlobsServer } from '@netlify/blobs/server';

/** The server's own (private) parts this relies on, as @netlify/blobs 11 has them. */
interface ServerInternals {
  address: string;
  handleRequest(request: Request): Promise<Response>;
  getLocalPaths(url: URL): { dataPath?: string; key?: string; rootPath?: string };
  parseAPIRequest(request: Request): { url: URL } | null;
}

const etagOf = (path: string): Promise<string> =>
  (BlobsServer as unknown as { generateETag(path: string): Promise<string> }).generateETag(path);

export function makeConsistent(server: BlobsServer): void {
  const internals = server as unknown as ServerInternals;
  const handle = internals.handleRequest.bind(server);
  const queues = new Map<string, Promise<unknown>>();

  internals.handleRequest = (request) => {
    const url = request.url
      ? (internals.parseAPIRequest(request)?.url ?? new URL(request.url, internals.address))
      : undefined;
    const { dataPath, key, rootPath } = url ? internals.getLocalPaths(url) : {};
    if (!dataPath || !key || !rootPath) return handle(request);
    const run = (queues.get(dataPath) ?? Promise.resolve()).then(() =>
      oneAtATime(request, dataPath, rootPath),
    );
    const settled = run.catch(() => undefined);
    queues.set(dataPath, settled);
    void settled.then(() => queues.get(dataPath) === settled && queues.delete(dataPath));
    return run;
  };

  async function oneAtATime(request: Request, dataPath: string, rootPath: string): Promise<Response> {
    const method = request.method.toLowerCase();
    const before = method === 'put' ? await etagOf(dataPath) : '';
    const response = await handle(request);
    if (!response.ok) return response;
    if (method === 'get' && response.status === 200) {
      const etag = await etagOf(dataPath);
      if (etag) response.headers.set('etag', etag);
    } else if (method === 'put' && before && response.headers.has('etag')) {
      if ((await etagOf(dataPath)) === before) {
        const { atime, mtime } = await stat(dataPath);
        await utimes(dataPath, atime, new Date(mtime.getTime() + 1));
      }
      response.headers.set('etag', await etagOf(dataPath));
    } else if (method === 'delete') {
      await removeEmptyFolders(dirname(dataPath), rootPath);
    }
    return response;
  }
}

async function removeEmptyFolders(folder: string, rootPath: string): Promise<void> {
  for (let current = folder; current.startsWith(rootPath + sep); current = dirname(current)) {
    try {
      await rmdir(current);
    } catch {
      return; // not empty (or already gone)
    }
  }
}
