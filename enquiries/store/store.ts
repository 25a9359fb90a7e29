/**
 * The enquiry store as the enquiry path sees it, whatever keeps the records: on Netlify, Netlify
 * Blobs (blobs.ts); self-hosted, one SQLite file (enquiries/store/sqlite.ts). One contract test suite
 * holds both to it. Every call answers a tagged result and never throws; any answer of the
 * underlying store but success (or "precondition failed" where a condition was asked) is a
 * failure, never "written".
 *
 * Exactly once rests on `save` with a version: a write that lands only if the record is still the
 * version read, so of two senders one takes the record (its lease) and the other skips it.
 */
import { type EnquiryRecord } from '../record.ts';
import type { Summary } from './summary.ts';
import { enquiryPolicy } from '../../src/lib/shared/enquiry-policy.ts';
import type { Observed, WatchState } from '../watch.ts';

/** Every store call's answer: the value, or a short code saying why not (for logs, never a message). */
export type StoreResult<T> = { ok: true; value: T } | { ok: false; code: string };

/** One record the job is due to look at, named by the state it was listed in. */
export interface Listed {
  /** What the record's state was when listed (`listingKey`): a record that moved on has another. */
  key: string;
  id: string;
  /** When the work falls due (ms). */
  atMs: number;
}

/**
 * What the inbox shows: the records with one status (all when unset), at most `limit` of them,
 * and only those listed after `after` (the last row of the page before: newest first, then by id).
 */
export interface InboxQuery {
  status?: EnquiryRecord['status'];
  limit?: number;
  after?: Pick<EnquiryRecord, 'receivedAt' | 'id'>;
}

export interface Tally {
  records: number;
  /** Pending, never attempted: kept while mail is not configured. */
  awaitingMail: number;
}

export interface Versioned {
  record: EnquiryRecord;
  /** Changes with every write: a `save` given it lands only on this very version. */
  version: string;
}

export interface EnquiryStore {
  /** Writes a new record, unless its id is already stored: then `false`. Past the cap: `STORE_FULL`. */
  create(record: EnquiryRecord): Promise<StoreResult<boolean>>;
  /** The record as stored, to show or check: nothing to write back with. */
  readRecord(id: string): Promise<StoreResult<EnquiryRecord | undefined>>;
  /** The record and its version, for a `save` that must land only on this very version (a lease). */
  readVersioned(id: string): Promise<StoreResult<Versioned | undefined>>;
  /** `false` when `ifVersion` was given and the stored version is no longer that one. */
  save(record: EnquiryRecord, ifVersion?: string): Promise<StoreResult<boolean>>;
  remove(id: string): Promise<StoreResult<true>>;
  /** Pending records due by `nowMs`, the longest-waiting first. */
  due(nowMs: number): Promise<StoreResult<Listed[]>>;
  /** Delivered and failed records whose deletion day has come, the oldest first. */
  purgeable(nowMs: number): Promise<StoreResult<Listed[]>>;
  /** The job is done with a listed record (a store that lists from a separate index drops it). */
  settle(key: string): Promise<StoreResult<true>>;
  /** How many records are kept, as last counted (a costly count runs at most every ten minutes). */
  count(nowMs: number): Promise<StoreResult<number>>;
  /** The records, the newest first (then by id): all of them, or as `query` narrows them. */
  list(query?: InboxQuery): Promise<StoreResult<EnquiryRecord[]>>;
  /** How many records are kept, and how many of them wait for mail to be configured. */
  tally(): Promise<StoreResult<Tally>>;
  /**
   * The owner's watch (watch.ts): what waits, and the state kept beside the records with its
   * version. One cheap read; `recount` (the retry job's, once a run) may list and read more to
   * bring a kept count of what waits up to date.
   */
  observe(options?: { recount?: boolean }): Promise<StoreResult<Observed>>;
  /** Saves the watch state only over `version` (undefined: only while none is saved); else `false`. */
  saveWatch(state: WatchState, version: string | undefined): Promise<StoreResult<boolean>>;
  /** The records counted by status, the oldest pending one, the last send failure (summary.ts). */
  summary(): Promise<StoreResult<Summary>>;
  /** Lets go of the store (after the last call). */
  close(): Promise<void>;
}

/**
 * The codes of a store that cannot keep anything until its operator acts (a damaged, unwritable,
 * full, misplaced or missing file): the contact function refuses with 503 and sends nothing, as a
 * send without a record could be lost or mailed twice. Other failures (busy, late) pass.
 */
export const outOfOrder: ReadonlySet<string> = new Set([
  'STORE_CORRUPT',
  'STORE_DISK_FULL',
  'STORE_MISCONFIGURED',
  'STORE_READ_ONLY',
  'STORE_REPLACED',
  'STORE_UNAVAILABLE',
  'STORE_WRITE_FAILED',
]);

/** How old a listed entry without its record must be before it counts as left behind. */
export const orphanAfterMs = 60_000;

const dayOf = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/**
 * The key a record is listed under in its current state: when a pending one is due, or the day a
 * delivered or failed one may be deleted (none for a record without a usable date).
 */
export function listingKey(record: EnquiryRecord): string | undefined {
  if (record.status === 'pending') {
    const at = Math.max(0, Date.parse(record.nextAttemptAt) || 0);
    return `due/${String(at).padStart(13, '0')}-${record.id}`;
  }
  const since = record.status === 'delivered' ? record.deliveredAt : record.failedAt;
  const keep =
    record.status === 'delivered' ? enquiryPolicy.deleteDeliveredAfterMs : enquiryPolicy.deleteFailedAfterMs;
  const at = Date.parse(since ?? record.receivedAt);
  return Number.isFinite(at) ? `purge/${dayOf(at + keep)}/${record.id}` : undefined;
}

/** When a listed record's work falls due (ms): its next attempt, or its deletion day. */
export function listedAt(record: EnquiryRecord): number {
  const key = listingKey(record) ?? '';
  const due = /^due\/(\d{13})-/.exec(key);
  return due ? Number(due[1]) : Date.parse(/^purge\/([\d-]{10})\//.exec(key)?.[1] ?? '');
}

/** A stored value that is an enquiry record, else undefined. */
export function asRecord(value: unknown): EnquiryRecord | undefined {
  const record = value as Partial<EnquiryRecord> | null;
  return record && typeof record.id === 'string' && typeof record.status === 'string'
    ? (record as EnquiryRecord)
    : undefined;
}
