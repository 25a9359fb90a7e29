/**
 * The calls the SQLite store's thread (sqlite-worker.ts) answers, as messages between the threads:
 * plain data only (records as they are stored).
 */
import type { EnquiryRecord } from '../record.ts';
import type { InboxQuery } from './store.ts';

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
  | { op: 'summary' };

/** A call to the store's thread: `deadline` is when its answer stops being wanted (ms since the epoch). */
export interface Request {
  id: number;
  operation: Operation | { op: 'close' };
  deadline: number;
}

/** The thread's answer to a call, or a line for the log. */
export type Reply = { id: number; result: unknown } | { log: string };
