/**
 * The enquiry store when self-hosted (`npm start`, `npm run dev`, `npm run enquiries`): one SQLite
 * file through Node's own `node:sqlite`, in ENQUIRY_STORE_DIR, worked on by a thread of its own
 * (sqlite-worker.ts, with the database's rules in sqlite-database.ts). The server's thread only
 * posts calls and awaits answers, so the pages never wait on the store: a file locked by another
 * process (a backup, `sqlite3` in a terminal) makes enquiries wait at most `waitMs`, then answer
 * STORE_BUSY. A store that cannot be opened (see sqlite-file.ts) answers a code with one log line
 * and never stops the server. The folder is created 0700 and the file 0600: enquiries hold
 * personal data.
 */
import { Worker } from 'node:worker_threads';
import { logOutcome } from '../log-outcome.ts';
import type { EnquiryRecord } from '../record.ts';
import { storeCapRecords } from '../../src/lib/shared/enquiry-policy.ts';
import { storeDeadlineMs } from './deadline.ts';
import type { Operation, Reply } from './sqlite-operations.ts';
import type { EnquiryStore, Listed, StoreResult, Tally, Versioned } from './store.ts';
import type { Observed } from '../watch.ts';
import type { Summary } from './summary.ts';

export interface SqliteOptions {
  /** The longest a call waits for the file (locked by another process's write) before STORE_BUSY. */
  waitMs?: number;
}

/** Listing every record (not the inbox's pages) may take a while on a large store. */
const listAllMs = 60_000;
/** How long a call of the owner's watch waits for a file another process has locked. */
const watchWaitMs = 1000;
/** Beyond its deadline, how long an answer may still take on a loaded machine before the call gives up. */
const graceMs = 2000;

export function openSqliteStore(
  directory: string,
  { waitMs = storeDeadlineMs }: SqliteOptions = {},
): EnquiryStore {
  let worker: Worker | undefined;
  let closed = false;
  let next = 0;
  const pending = new Map<number, (result: StoreResult<unknown>) => void>();
  const settleAll = (code: string) => {
    for (const [id, settle] of pending) {
      pending.delete(id);
      settle({ ok: false, code });
    }
  };

  function thread(): Worker {
    if (worker) return worker;
    const started = new Worker(new URL('./sqlite-worker.ts', import.meta.url), {
      workerData: { directory, waitMs },
    });
    started.unref();
    started.on('message', (reply: Reply) => {
      if ('log' in reply) return void console.error(reply.log);
      const settle = pending.get(reply.id);
      pending.delete(reply.id);
      if (pending.size === 0) started.unref();
      settle?.(reply.result as StoreResult<unknown>);
    });
    // A thread that stopped (it never should) fails the calls it held; the next call starts another.
    const stopped = (why: string) => {
      if (worker !== started) return;
      worker = undefined;
      if (!closed) console.error(`[enquiry-store] the store's thread stopped (${why}); starting another.`);
      settleAll('STORE_UNAVAILABLE');
    };
    started.on('error', (error) => stopped(error.message));
    started.on('exit', (code) => stopped(`exit ${code}`));
    worker = started;
    return started;
  }

  function call<T>(operation: Operation | { op: 'close' }, waitFor = waitMs): Promise<StoreResult<T>> {
    if (closed && operation.op !== 'close') return Promise.resolve({ ok: false, code: 'STORE_CLOSED' });
    const id = ++next;
    const target = thread();
    return new Promise((resolve) => {
      const timer = setTimeout(() => {
        pending.delete(id);
        resolve({ ok: false, code: 'STORE_TIMEOUT' });
      }, waitFor + graceMs);
      pending.set(id, (result) => {
        clearTimeout(timer);
        resolve(result as StoreResult<T>);
      });
      target.ref();
      target.postMessage({ id, operation, deadline: Date.now() + waitFor });
    });
  }

  // Started now: the file is opened (or its problem logged) before the first call needs it.
  thread();
  const readVersioned = (id: string) => call<Versioned | undefined>({ op: 'readVersioned', id });

  return {
    async create(record: EnquiryRecord) {
      const done = await call<{ records: number; created: boolean }>({ op: 'create', record });
      if (!done.ok) return done;
      if (done.value.records >= storeCapRecords) {
        logOutcome('store_failed', { code: 'STORE_FULL', records: done.value.records, cap: storeCapRecords });
        return { ok: false, code: 'STORE_FULL' };
      }
      return { ok: true, value: done.value.created };
    },
    async readRecord(id) {
      const read = await readVersioned(id);
      return read.ok ? { ok: true, value: read.value?.record } : read;
    },
    readVersioned,
    save: (record, ifVersion) => call<boolean>({ op: 'save', record, ifVersion }),
    remove: (id) => call<true>({ op: 'remove', id }),
    due: (nowMs) => call<Listed[]>({ op: 'due', nowMs }),
    purgeable: (nowMs) => call<Listed[]>({ op: 'purgeable', nowMs }),
    settle: async () => ({ ok: true, value: true }),
    count: () => call<number>({ op: 'count' }),
    list: (query = {}) => call<EnquiryRecord[]>({ op: 'list', query }, query.limit ? waitMs : listAllMs),
    tally: () => call<Tally>({ op: 'tally' }),
    // The owner's watch never holds an enquiry back: its calls wait a moment for a file another
    // process has locked, then fail (the next run or poll tries again), rather than keep the
    // calls behind them on the store's thread waiting.
    observe: () => call<Observed>({ op: 'observe' }, Math.min(waitMs, watchWaitMs)),
    saveWatch: (state, version) =>
      call<boolean>({ op: 'saveWatch', state, version }, Math.min(waitMs, watchWaitMs)),
    summary: () => call<Summary>({ op: 'summary' }),
    async close() {
      if (closed) return;
      closed = true;
      if (!worker) return;
      const stopping = worker;
      await call({ op: 'close' });
      await stopping.terminate();
    },
  };
}
