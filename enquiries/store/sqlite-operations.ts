/**
 * The calls the SQLite store's thread (sqlite-worker.ts) answers, as messages between the threads
 * (plain data only: records as they are stored), and what each does to the database there.
 */
import type { DatabaseSync } from 'node:sqlite';
import type { EnquiryRecord } from '../record.ts';
import { storeCapRecords } from '../../src/lib/shared/enquiry-policy.ts';
import type { Queries } from './sqlite-queries.ts';
import type { InboxQuery } from './store.ts';
import type { WatchState } from '../watch.ts';

export type Operation =
  | { op: 'create'; record: EnquiryRecord }
  | { op: 'readVersioned'; id: string }
  | { op: 'save'; record: EnquiryRecord; ifVersion?: string }
  | { op: 'remove'; id: string }
  | { op: 'due'; nowMs: number }
  | { op: 'purgeable'; nowMs: number }
  | { op: 'count' }
  | { op: 'list'; query: InboxQuery }
  | { op: 'tally' }
  | { op: 'observe' }
  | { op: 'saveWatch'; state: WatchState; version: string | undefined }
  | { op: 'summary' };

/** A call to the store's thread: `deadline` is when its answer stops being wanted (ms since the epoch). */
export interface Request {
  id: number;
  operation: Operation | { op: 'close' };
  deadline: number;
}

/** The thread's answer to a call, a line for the log, or word that it has opened the file. */
export type Reply = { id: number; result: unknown } | { log: string } | { ready: true };

/** The calls that write, each in a transaction of its own. */
export const writes = new Set<Operation['op']>(['create', 'save', 'remove', 'saveWatch']);

export function perform(db: DatabaseSync, queries: Queries, operation: Operation): unknown {
  if (!writes.has(operation.op)) return read(queries, operation);
  // The write lock first, waited for under the busy timeout: a write begun as a read could find
  // another process's commit in between and fail at once (SQLITE_BUSY_SNAPSHOT).
  db.exec('BEGIN IMMEDIATE');
  const done = write(queries, operation);
  db.exec('COMMIT');
  return done;
}

function write(queries: Queries, operation: Operation): unknown {
  switch (operation.op) {
    case 'create': {
      const records = queries.count();
      return { records, created: records < storeCapRecords && queries.insert(operation.record) };
    }
    case 'save':
      return queries.save(operation.record, operation.ifVersion);
    case 'remove':
      return queries.remove(operation.id);
    case 'saveWatch':
      return queries.saveWatch(operation.state, operation.version);
    default:
      return undefined;
  }
}

function read(queries: Queries, operation: Operation): unknown {
  switch (operation.op) {
    case 'readVersioned':
      return queries.readOne(operation.id);
    case 'due':
      return queries.due(operation.nowMs);
    case 'purgeable':
      return queries.purgeable(operation.nowMs);
    case 'count':
      return queries.count();
    case 'list':
      return queries.list(operation.query);
    case 'tally':
      return queries.tally();
    case 'observe':
      return queries.observe();
    case 'summary':
      return queries.summary();
    default:
      return undefined;
  }
}
