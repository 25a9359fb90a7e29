/**
 * The SQLite store's statements, prepared once per opened file, and its rows read back into
 * records. A row that is not a readable record (edited by hand, half-restored) is reported once
 * and skipped: the job and the inbox carry on with every other one. The inbox reads only the rows
 * it shows (ORDER BY … LIMIT on an index), never the whole table.
 */
import type { DatabaseSync } from 'node:sqlite';
import type { EnquiryRecord, SendError } from '../record.ts';
import { asRecord, listedAt, listingKey, type InboxQuery, type Listed, type Tally } from './store.ts';
import type { Observed, WatchState } from '../watch.ts';
import type { Summary } from './summary.ts';

/** A record's attempts, as SQL: an unreadable row has none (and never stops a write or the index). */
const attempts = "iif(json_valid(data), json_extract(data, '$.attempts'), NULL)";

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
  CREATE INDEX IF NOT EXISTS enquiries_by_received ON enquiries (received_at DESC, id);
  CREATE INDEX IF NOT EXISTS enquiries_by_attempts ON enquiries (status, ${attempts});
  CREATE TABLE IF NOT EXISTS watch (
    name TEXT PRIMARY KEY,
    version INTEGER NOT NULL,
    data TEXT NOT NULL
  ) STRICT;
`;

export type Queries = ReturnType<typeof sqliteQueries>;

/** Statements over `db` (its schema created if new); `report` writes a log line. */
export function sqliteQueries(db: DatabaseSync, report: (line: string) => void) {
  db.exec(schema);
  const reported = new Set<string>();
  /** The record a row holds, or undefined (reported once) when it holds none. */
  const decode = (id: string, data: string): EnquiryRecord | undefined => {
    let record: EnquiryRecord | undefined;
    try {
      record = asRecord(JSON.parse(data));
    } catch {
      record = undefined;
    }
    if (record?.id === id) return record;
    if (!reported.has(id)) {
      reported.add(id);
      report(
        `[enquiry-store] record ${JSON.stringify(id.slice(0, 40))} cannot be read; skipped (the others carry on).`,
      );
    }
    return undefined;
  };
  const columns = (record: EnquiryRecord) => ({
    id: record.id,
    status: record.status,
    listed: listedAt(record) || 0,
    data: JSON.stringify(record),
  });

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
  // awaitsMailConfiguration (record.ts) as SQL, counted on its index without reading a record.
  const awaiting = db.prepare(
    `SELECT count(*) AS records FROM enquiries
     WHERE status = 'pending' AND ${attempts} = 0`,
  );
  const selectOne = db.prepare('SELECT id, data, version FROM enquiries WHERE id = ?');
  const listedBy = (condition: string) =>
    db.prepare(`SELECT id, data FROM enquiries WHERE ${condition} AND listed_at <= ? ORDER BY listed_at`);
  const dueRows = listedBy("status = 'pending'");
  const purgeRows = listedBy("status <> 'pending'");
  const deleteOne = db.prepare('DELETE FROM enquiries WHERE id = ?');
  // A page after a row starts there on the index (`received_at <= :at`), never from the top.
  const newest = db.prepare(
    `SELECT id, data FROM enquiries WHERE (:status IS NULL OR status = :status)
       AND received_at <= :at AND (received_at < :at OR id > :id)
     ORDER BY received_at DESC, id LIMIT :limit`,
  );
  // The summary's counts and dates, each from an index: the failures are read only from the
  // records not delivered (a delivered one keeps none).
  const byStatus = db.prepare('SELECT status, count(*) AS records FROM enquiries GROUP BY status');
  const oldestPending = db.prepare("SELECT min(received_at) AS at FROM enquiries WHERE status = 'pending'");
  const lastFailure = db.prepare(
    `SELECT data ->> '$.lastErrorAt' AS at, data -> '$.lastError' AS error FROM enquiries
     WHERE status IN ('pending', 'failed') AND json_valid(data) AND data -> '$.lastError' IS NOT NULL
     ORDER BY at DESC LIMIT 1`,
  );

  // What waits is counted here on each read, so the state keeps none of it.
  const observeRow = db.prepare(
    `SELECT count(*) AS waiting, min(received_at) AS oldest,
       (SELECT data FROM watch WHERE name = 'watch') AS data,
       (SELECT version FROM watch WHERE name = 'watch') AS version
     FROM enquiries WHERE status = 'pending'`,
  );
  const insertWatch = db.prepare(
    `INSERT INTO watch (name, version, data) VALUES ('watch', 1, ?) ON CONFLICT (name) DO NOTHING`,
  );
  const updateWatch = db.prepare(
    `UPDATE watch SET data = :data, version = version + 1 WHERE name = 'watch' AND version = :version`,
  );

  const listed = (rows: unknown[]): Listed[] =>
    (rows as { id: string; data: string }[]).flatMap(({ id, data }) => {
      const record = decode(id, data);
      const key = record && listingKey(record);
      return record && key ? [{ key, id, atMs: listedAt(record) }] : [];
    });
  const count = () => Number((countAll.get() as { records: number }).records);

  return {
    count,
    insert: (record: EnquiryRecord) =>
      insert.run({ ...columns(record), received: record.receivedAt }).changes === 1,
    save: (record: EnquiryRecord, ifVersion?: string) =>
      ifVersion === undefined
        ? upsert.run({ ...columns(record), received: record.receivedAt }).changes > 0
        : update.run({ ...columns(record), version: Number(ifVersion) }).changes === 1,
    readOne(id: string) {
      const row = selectOne.get(id) as { id: string; data: string; version: number } | undefined;
      const record = row && decode(row.id, row.data);
      if (row && !record) throw Object.assign(new Error('unreadable'), { code: 'STORE_BAD_RECORD' });
      return record && row ? { record, version: String(row.version) } : undefined;
    },
    remove: (id: string) => (deleteOne.run(id), true as const),
    due: (nowMs: number) => listed(dueRows.all(nowMs)),
    purgeable: (nowMs: number) => listed(purgeRows.all(nowMs)),
    list: ({ status, limit, after }: InboxQuery) =>
      (
        newest.all({
          status: status ?? null,
          limit: limit ?? -1,
          // Without a row before it: after any date (an ISO date sorts before a letter).
          at: after?.receivedAt ?? 'z',
          id: after?.id ?? '',
        }) as { id: string; data: string }[]
      ).flatMap(({ id, data }) => decode(id, data) ?? []),
    summary(): Summary {
      const counts = new Map(
        (byStatus.all() as { status: string; records: number }[]).map((row) => [
          row.status,
          Number(row.records),
        ]),
      );
      const failure = lastFailure.get() as { at: string | null; error: string } | undefined;
      return {
        pending: counts.get('pending') ?? 0,
        awaitingMail: Number((awaiting.get() as { records: number }).records),
        delivered: counts.get('delivered') ?? 0,
        failed: counts.get('failed') ?? 0,
        oldestPendingAt: (oldestPending.get() as { at: string | null }).at ?? undefined,
        lastFailure: failure && {
          at: failure.at ?? undefined,
          error: JSON.parse(failure.error) as SendError,
        },
      };
    },
    observe(): Observed {
      const row = observeRow.get() as {
        waiting: number;
        oldest: string | null;
        data: string | null;
        version: number | null;
      };
      let state: WatchState = {};
      try {
        state = row.data ? (JSON.parse(row.data) as WatchState) : {};
      } catch {
        // A damaged watch row is started afresh: it holds no enquiry.
      }
      const waiting = { count: Number(row.waiting), ...(row.oldest ? { oldestReceivedAt: row.oldest } : {}) };
      return { waiting, state, ...(row.version === null ? {} : { version: String(row.version) }) };
    },
    saveWatch(state: WatchState, version: string | undefined): boolean {
      const { waiting: _, tracked: __, ...kept } = state;
      const data = JSON.stringify(kept);
      if (version === undefined) return insertWatch.run(data).changes === 1;
      return updateWatch.run({ data, version: Number(version) }).changes === 1;
    },
    tally: (): Tally => ({
      records: count(),
      awaitingMail: Number((awaiting.get() as { records: number }).records),
    }),
  };
}
