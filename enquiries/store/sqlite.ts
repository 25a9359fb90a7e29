/**
 * The enquiry store when self-hosted (`npm start`, `npm run dev`, `npm run enquiries`): one SQLite
 * file through Node's own `node:sqlite`, in ENQUIRY_STORE_DIR. Its guarantees are the database's
 * own and hold across processes: a record is written once by a unique id, the cap is checked in
 * the same transaction as the insert, and a versioned `save` is one conditional UPDATE (the lease
 * the job and the contact function take before a send). WAL lets readers run beside a writer; a
 * writer waits for another process's write (busy timeout) rather than failing. The directory is
 * 0700 and the file 0600: enquiries hold personal data.
 */
import { chmodSync, closeSync, mkdirSync, openSync } from 'node:fs';
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { logOutcome } from '../log-outcome.ts';
import type { EnquiryRecord } from '../record.ts';
import { asRecord, listedAt, listingKey, type EnquiryStore, type Listed, type StoreResult } from './store.ts';
import { storeCapRecords } from '../policy.ts';

/** The database file inside ENQUIRY_STORE_DIR. */
export const enquiryDatabaseFile = 'enquiries.sqlite';

/** How long a write waits for another process's write to finish. */
const busyTimeoutMs = 5000;

const schema = `
  CREATE TABLE IF NOT EXISTS enquiries (
    id TEXT PRIMARY KEY,
    status TEXT NOT NULL,
    received_at TEXT NOT NULL,
    listed_at INTEGER NOT NULL,
    version INTEGER NOT NULL,
    data TEXT NOT NULL
  ) STRICT;
  CREATE INDEX IF NOT EXISTS enquiries_by_status ON enquiries (status, listed_at);
`;

function attempt<T>(work: () => T): StoreResult<T> {
  try {
    return { ok: true, value: work() };
  } catch (error) {
    const { errcode } = (error ?? {}) as { errcode?: unknown };
    return { ok: false, code: typeof errcode === 'number' ? `SQLITE_${errcode}` : 'ESTORE' };
  }
}

export function openSqliteStore(directory: string): EnquiryStore {
  mkdirSync(directory, { recursive: true, mode: 0o700 });
  chmodSync(directory, 0o700);
  const file = join(directory, enquiryDatabaseFile);
  // Created 0600 before SQLite opens it; its journal files take the same mode.
  closeSync(openSync(file, 'a', 0o600));
  chmodSync(file, 0o600);
  const db = new DatabaseSync(file, { timeout: busyTimeoutMs });
  db.exec('PRAGMA journal_mode = WAL; PRAGMA synchronous = FULL;');
  db.exec(schema);

  const columns = (record: EnquiryRecord) => ({
    id: record.id,
    status: record.status,
    received: record.receivedAt,
    listed: listedAt(record) || 0,
    data: JSON.stringify(record),
  });
  const changed = (record: EnquiryRecord) => {
    const { received: _, ...rest } = columns(record);
    return rest;
  };
  const insert = db.prepare(
    `INSERT INTO enquiries (id, status, received_at, listed_at, version, data)
     VALUES (:id, :status, :received, :listed, 1, :data) ON CONFLICT (id) DO NOTHING`,
  );
  const upsert = db.prepare(
    `INSERT INTO enquiries (id, status, received_at, listed_at, version, data)
     VALUES (:id, :status, :received, :listed, 1, :data)
     ON CONFLICT (id) DO UPDATE SET status = excluded.status, listed_at = excluded.listed_at,
       data = excluded.data, version = version + 1`,
  );
  const update = db.prepare(
    `UPDATE enquiries SET status = :status, listed_at = :listed, data = :data, version = version + 1
     WHERE id = :id AND version = :version`,
  );
  const countAll = db.prepare('SELECT count(*) AS records FROM enquiries');
  const selectOne = db.prepare('SELECT data, version FROM enquiries WHERE id = ?');
  const listedBy = (condition: string) =>
    db.prepare(`SELECT id, data FROM enquiries WHERE ${condition} AND listed_at <= ? ORDER BY listed_at`);
  const dueRows = listedBy("status = 'pending'");
  const purgeRows = listedBy("status <> 'pending'");
  const remove = db.prepare('DELETE FROM enquiries WHERE id = ?');
  const all = db.prepare('SELECT data FROM enquiries ORDER BY received_at DESC, id');

  const count = () => Number((countAll.get() as { records: number }).records);
  const readOne = (id: string) => {
    const row = selectOne.get(id) as { data: string; version: number } | undefined;
    const record = row ? asRecord(JSON.parse(row.data)) : undefined;
    return record && row ? { record, version: String(row.version) } : undefined;
  };
  const listed = (rows: unknown[]): Listed[] =>
    (rows as { id: string; data: string }[]).flatMap(({ id, data }) => {
      const record = asRecord(JSON.parse(data));
      const key = record && listingKey(record);
      return record && key ? [{ key, id, atMs: listedAt(record) }] : [];
    });

  return {
    async create(record) {
      const full = attempt(() => {
        db.exec('BEGIN IMMEDIATE');
        try {
          const records = count();
          const created = records < storeCapRecords && insert.run(columns(record)).changes === 1;
          db.exec('COMMIT');
          return { records, created };
        } catch (error) {
          db.exec('ROLLBACK');
          throw error;
        }
      });
      if (!full.ok) return full;
      if (full.value.records >= storeCapRecords) {
        logOutcome('store_failed', { code: 'STORE_FULL', records: full.value.records, cap: storeCapRecords });
        return { ok: false, code: 'STORE_FULL' };
      }
      return { ok: true, value: full.value.created };
    },
    readRecord: async (id) => attempt(() => readOne(id)?.record),
    readVersioned: async (id) => attempt(() => readOne(id)),
    save: async (record, ifVersion) =>
      attempt(() =>
        ifVersion === undefined
          ? upsert.run(columns(record)).changes > 0
          : update.run({ ...changed(record), version: Number(ifVersion) }).changes === 1,
      ),
    remove: async (id) => attempt(() => (remove.run(id), true as const)),
    due: async (nowMs) => attempt(() => listed(dueRows.all(nowMs))),
    purgeable: async (nowMs) => attempt(() => listed(purgeRows.all(nowMs))),
    settle: async () => ({ ok: true, value: true }),
    count: async () => attempt(count),
    list: async () =>
      attempt(() =>
        (all.all() as { data: string }[]).flatMap(({ data }) => asRecord(JSON.parse(data)) ?? []),
      ),
    close: async () => {
      if (db.isOpen) db.close();
    },
  };
}
