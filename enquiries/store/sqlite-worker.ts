/**
 * The SQLite store's own thread: every call to the database runs here, one after another, so a
 * file locked by another process, a slow disk or a long listing delays enquiries only, never the
 * server's pages or its timers (a send's SMTP deadline included). A call whose deadline has passed
 * by its turn is answered at once, unrun. The store runs two: one for every call, one for the
 * owner's watch to read beside it (sqlite.ts).
 */
import { parentPort, workerData } from 'node:worker_threads';
import { enquiryDatabase } from './sqlite-database.ts';
import type { Reply, Request } from './sqlite-operations.ts';

const port = parentPort;
if (!port) throw new Error('sqlite-worker.ts runs as a worker thread (sqlite.ts starts it)');
const post = (reply: Reply) => port.postMessage(reply);
const { directory, waitMs, quiet } = workerData as { directory: string; waitMs: number; quiet: boolean };
// A quiet thread (the watch's reads) leaves the file's problems to the store's thread to say.
const database = enquiryDatabase(directory, (line) => void (quiet || post({ log: line })));
database.open(Date.now() + waitMs);
// Calls are posted from now on, each with its whole wait: the thread's start-up is not the file's.
post({ ready: true });

port.on('message', ({ id, operation, deadline }: Request) => {
  if (operation.op === 'close') {
    database.close();
    post({ id, result: { ok: true, value: true } });
    return;
  }
  post({ id, result: database.run(operation, deadline) });
});
