/**
 * The SQLite store's own thread: every call to the database runs here, one after another, so a
 * file locked by another process, a slow disk or a long listing delays enquiries only, never the
 * server's pages or its timers (a send's SMTP deadline included). A call whose deadline has passed
 * by its turn is answered at once, unrun.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { enquiryDatabase } from './sqlite-database.ts';
import type { Reply, Request } from './sqlite-operations.ts';

const port = parentPort;
if (!port) throw new Error('sqlite-worker.ts runs as a worker thread (sqlite.ts starts it)');
const post = (reply: Reply) => port.postMessage(reply);
const { directory, waitMs } = workerData as { directory: string; waitMs: number };
const database = enquiryDatabase(directory, (line) => post({ log: line }));
database.open(Date.now() + waitMs);

port.on('message', ({ id, operation, deadline }: Request) => {
  if (operation.op === 'close') {
    database.close();
    post({ id, result: { ok: true, value: true } });
    return;
  }
  post({ id, result: database.run(operation, deadline) });
});
