/**
 * The SQLite store's work, done synchronously on its own thread (sqlite-worker.ts), never on the
 * server's. Its guarantees are the database's own and hold across processes: a record is written
 * once by a unique id, the cap is checked in the same transaction as the insert, and a versioned
 * `save` is one conditional UPDATE (the lease the job and the contact function take before a
 * send). WAL lets readers run beside a writer; a writer waits for another process's write only
 * until the call's deadline, then answers STORE_BUSY. The wait is made of short turns of SQLite's
 * own busy wait with the clock read between them: SQLite counts the sleeps it planned, not the time
 * that passed, so on a loaded machine one long wait overran its timeout by seconds.
 *
 * A write counts only when it landed in the file the next start opens: the file's identity
 * (device and inode) is checked before and after each call, and a file deleted or replaced under
 * the server is reopened (a new one created if it is gone) and the write made there, or refused.
 * So are its write-ahead log's (`-wal`, `-shm`): each commit is copied into the file at once, and a
 * log deleted under the server has what it took since copied in too (the file is still there).
 * A store that cannot be opened answers a code with one plain log line, and is tried again on the
 * next call, so it works again without a restart once the operator has fixed it.
 */
import { statSync } from 'node:fs';
import { DatabaseSync } from 'node:sqlite';
import { sqliteQueries, type Queries } from './sqlite-queries.ts';
import { codeOf, fileProblem, prepareStoreFile, type StoreProblem } from './sqlite-file.ts';
import type { StoreResult } from './store.ts';
import { perform, writes, type Operation } from './sqlite-operations.ts';

interface Open {
  db: DatabaseSync;
  queries: Queries;
  identity: string;
  /** The write-ahead log's files' identity as opened: they exist while a connection is open. */
  log: string | undefined;
}

const identityOf = (file: string) => {
  const info = statSync(file, { throwIfNoEntry: false });
  return info ? `${info.dev}:${info.ino}` : undefined;
};

const logIdentity = (file: string) => `${identityOf(`${file}-wal`)}|${identityOf(`${file}-shm`)}`;

type Refusal = Extract<StoreResult<never>, { ok: false }>;

const sleeper = new Int32Array(new SharedArrayBuffer(4));
/** Blocks this thread for `ms` (the store's own thread, where every call is synchronous). */
const pause = (ms: number) => void (ms > 0 && Atomics.wait(sleeper, 0, 0, ms));

/** One turn of SQLite's busy wait; the deadline is checked against the clock after each. */
const busyTurnMs = 250;

/**
 * The database in `directory`, opened on first use; `report` writes one log line, and `now` is the
 * clock the calls' deadlines are read against.
 */
export function enquiryDatabase(
  directory: string,
  report: (line: string) => void,
  now: () => number = Date.now,
) {
  let open: Open | undefined;
  let file = '';
  let lastProblem: string | undefined;
  let warned = false;

  const say = (line: string) => {
    if (line !== lastProblem) report(line);
    lastProblem = line;
  };
  const fail = (found: StoreProblem): Refusal => {
    say(found.line);
    return { ok: false, code: found.code };
  };

  function close() {
    if (open?.db.isOpen) open.db.close();
    open = undefined;
  }

  /** An error as the call's answer: a problem the operator must fix is also said in the log. */
  function failure(error: unknown): Refusal {
    const found = fileProblem(file, error);
    if (found?.code === 'STORE_CORRUPT') close();
    if (found) return fail(found);
    const code = codeOf(error);
    return { ok: false, code: code === 'SQLITE_BUSY' || code === 'SQLITE_LOCKED' ? 'STORE_BUSY' : code };
  }

  function connect(deadline: number): StoreResult<Open> {
    if (open) return { ok: true, value: open };
    const prepared = prepareStoreFile(directory);
    if ('code' in prepared) return fail(prepared);
    file = prepared.file;
    if (prepared.warning && !warned) report(prepared.warning);
    warned = true;
    let db: DatabaseSync | undefined;
    try {
      // Another process may hold the file's lock as it is first set up: waited for like any call.
      db = new DatabaseSync(file, { timeout: Math.max(1, Math.floor(deadline - now())) });
      db.exec('PRAGMA journal_mode = WAL; PRAGMA synchronous = FULL; PRAGMA wal_autocheckpoint = 1;');
      const queries = sqliteQueries(db, report);
      const identity = identityOf(file);
      if (!identity) throw Object.assign(new Error('gone'), { code: 'ENOENT' });
      open = { db, queries, identity, log: logIdentity(file) };
      if (lastProblem) report(`[enquiry-store] ${file} works again: enquiries are accepted.`);
      lastProblem = undefined;
      return { ok: true, value: open };
    } catch (error) {
      if (db?.isOpen) db.close();
      return failure(error);
    }
  }

  /** A log deleted or replaced since opened: its commits copied into the file (or not), then closed. */
  function logMoved(): 'copied' | 'lost' | undefined {
    if (!open || logIdentity(file) === open.log || identityOf(file) !== open.identity) return undefined;
    say(
      `[enquiry-store] ${file}-wal or -shm was deleted or replaced while the server ran: the enquiries ` +
        `in the log are copied into ${file}, and the store carries on with a new log.`,
    );
    let outcome: 'copied' | 'lost' = 'lost';
    try {
      const done = open.db.prepare('PRAGMA wal_checkpoint(TRUNCATE)').get() as { busy: number };
      outcome = done.busy === 0 ? 'copied' : 'lost';
    } catch (error) {
      report(`[enquiry-store] copying the deleted ${file}-wal failed (${codeOf(error)}).`);
    }
    close();
    return outcome;
  }

  /** The open database, reopened first when its file or its log was deleted or replaced since. */
  function current(deadline: number): StoreResult<Open> {
    logMoved();
    if (open && identityOf(file) !== open.identity) {
      say(
        `[enquiry-store] ${file} was deleted or replaced while the server ran: reopening it. ` +
          'Enquiries kept only in the old file are not in the new one; restore it from a backup if it was not meant.',
      );
      // Its write-ahead log goes into the old file and is emptied, never replayed into the new one.
      try {
        open.db.exec('PRAGMA wal_checkpoint(TRUNCATE)');
      } catch {
        // Nothing more can be saved of the old file.
      }
      close();
    }
    return connect(deadline);
  }

  /** One turn: the operation, waiting until `turnEnds` at most for another process's lock. */
  function turn(operation: Operation, turnEnds: number): StoreResult<unknown> {
    const connected = current(turnEnds);
    if (!connected.ok) return connected;
    const { db, queries } = connected.value;
    try {
      db.exec(`PRAGMA busy_timeout = ${Math.max(1, Math.floor(turnEnds - now()))}`);
      return { ok: true, value: perform(db, queries, operation) };
    } catch (error) {
      // SQLite may have rolled back itself (a full disk does): a second ROLLBACK would fail, and
      // its error must not hide the one that counts.
      if (db.isTransaction) db.exec('ROLLBACK');
      return failure(error);
    }
  }

  /** Turns until one is not refused for another process's lock, or the deadline passes. */
  function attempt(operation: Operation, deadline: number): StoreResult<unknown> {
    let busy: Refusal | undefined;
    for (;;) {
      const turnStarts = now();
      const waitMs = Math.floor(deadline - turnStarts);
      if (waitMs <= 0) return busy ?? { ok: false, code: 'STORE_TIMEOUT' };
      const turnEnds = turnStarts + Math.min(waitMs, busyTurnMs);
      const result = turn(operation, turnEnds);
      if (result.ok || result.code !== 'STORE_BUSY') return result;
      busy = result;
      // Some locks SQLite refuses at once instead of waiting (the first set-up's switch to WAL
      // while another process holds the new file): the rest of the turn is waited out here.
      pause(turnEnds - now());
    }
  }

  return {
    /** Opens the file now (at start-up), so a problem is said before the first enquiry meets it. */
    open: (deadline: number) => void connect(deadline),
    run(operation: Operation, deadline: number): StoreResult<unknown> {
      const result = attempt(operation, deadline);
      if (!result.ok || !writes.has(operation.op)) return result;
      // A log deleted during the write: the write is in it, and copied into the file with it.
      const log = logMoved();
      if (log === 'copied' || (!log && identityOf(file) === open?.identity)) return result;
      // The write went to a file no longer at its path: made again in the file that is there now.
      const again = attempt(operation, deadline);
      if (!again.ok || identityOf(file) === open?.identity) return again;
      return fail({
        code: 'STORE_REPLACED',
        line: `[enquiry-store] ${file} keeps changing under the server.`,
      });
    },
    close,
  };
}
