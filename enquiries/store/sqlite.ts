/**
 * The enquiry store when self-hosted (`npm start`, `npm run dev`, `npm run enquiries`): one SQLite
 * file through Node's own `node:sqlite`, in ENQUIRY_STORE_DIR, worked on by a thread of its own
 * (sqlite-worker.ts, with the database's rules in sqlite-database.ts). The server's thread only
 * posts calls and awaits answers, so the pages never wait on the store: a file locked by another
 * process (a backup, `sqlite3` in a terminal) makes enquiries wait at most `waitMs`, then answer
 * STORE_BUSY. The owner's watch reads on a second thread, so a health check answers beside all
 * that. A call's wait counts from when its thread has opened the file, so a thread still starting
 * fails nothing. A store that cannot be opened (see sqlite-file.ts) answers a code with one log
 * line and never stops the server. The folder is created 0700 and the file 0600: enquiries hold
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

/** A thread of the store's: its own connection to the file, taking calls one after another. */
function storeThread(directory: string, waitMs: number, { quiet = false } = {}) {
  let worker: Worker | undefined;
  let ready = false;
  let next = 0;
  let onReady = () => {};
  let closing = false;
  const pending = new Map<number, (result: StoreResult<unknown>) => void>();
  // Calls made before the thread has opened the file: posted, with their whole wait, once it has.
  const waiting: (() => void)[] = [];
  const settleAll = (code: string) => {
    waiting.length = 0;
    for (const [id, settle] of pending) {
      pending.delete(id);
      settle({ ok: false, code });
    }
  };

  function start(): Worker {
    if (worker) return worker;
    ready = false;
    const started = new Worker(new URL('./sqlite-worker.ts', import.meta.url), {
      workerData: { directory, waitMs, quiet },
    });
    started.unref();
    started.on('message', (reply: Reply) => {
      if ('log' in reply) return void console.error(reply.log);
      if ('ready' in reply) {
        ready = true;
        for (const post of waiting.splice(0)) post();
        return onReady();
      }
      const settle = pending.get(reply.id);
      pending.delete(reply.id);
      if (pending.size === 0) started.unref();
      settle?.(reply.result as StoreResult<unknown>);
    });
    // A thread that stopped (it never should) fails the calls it held; the next call starts another.
    const stopped = (why: string) => {
      if (worker !== started) return;
      worker = undefined;
      if (!closing) console.error(`[enquiry-store] the store's thread stopped (${why}); starting another.`);
      settleAll('STORE_UNAVAILABLE');
    };
    started.on('error', (error) => stopped(error.message));
    started.on('exit', (code) => stopped(`exit ${code}`));
    worker = started;
    return started;
  }

  function call<T>(operation: Operation | { op: 'close' }, waitFor = waitMs): Promise<StoreResult<T>> {
    const id = ++next;
    const target = start();
    target.ref();
    return new Promise((resolve) => {
      pending.set(id, (result) => resolve(result as StoreResult<T>));
      // The wait counts from when the thread can take the call: a thread still starting is no
      // busy file, and a call must not fail for it.
      const post = () => {
        const timer = setTimeout(() => {
          pending.delete(id);
          resolve({ ok: false, code: 'STORE_TIMEOUT' });
        }, waitFor + graceMs);
        pending.set(id, (result) => {
          clearTimeout(timer);
          resolve(result as StoreResult<T>);
        });
        target.postMessage({ id, operation, deadline: Date.now() + waitFor });
      };
      if (ready) post();
      else waiting.push(post);
    });
  }

  return {
    start,
    call,
    /** Runs `then` once the thread has opened the file (or said why it cannot). */
    whenReady(then: () => void) {
      onReady = then;
    },
    async close() {
      closing = true;
      if (!worker) return;
      const stopping = worker;
      await call({ op: 'close' });
      await stopping.terminate();
    },
  };
}

export function openSqliteStore(
  directory: string,
  { waitMs = storeDeadlineMs }: SqliteOptions = {},
): EnquiryStore {
  let closed = false;
  // Every call but the owner's watch reads, one after another on the store's thread.
  const main = storeThread(directory, waitMs);
  // The watch's reads (the health check, the job's look at what waits) on a thread and a
  // connection of their own: WAL lets them read beside a write, so they never queue behind an
  // enquiry waiting for a lock, a listing or the job's run. Started once the store's thread has
  // set the file up, and quiet: the store's thread says what is wrong with the file.
  const watch = storeThread(directory, Math.min(waitMs, watchWaitMs), { quiet: true });
  main.whenReady(() => void (closed || watch.start()));
  function call<T>(operation: Operation, waitFor = waitMs): Promise<StoreResult<T>> {
    if (closed) return Promise.resolve({ ok: false, code: 'STORE_CLOSED' });
    return (operation.op === 'observe' ? watch : main).call<T>(operation, waitFor);
  }

  // Started now: the file is opened (or its problem logged) before the first call needs it.
  main.start();
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
      await Promise.all([main.close(), watch.close()]);
    },
  };
}
