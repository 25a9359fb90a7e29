/**
 * The SQLite adapter (enquiries/store/sqlite.ts) beyond the contract suite: enquiries are personal
 * data, so its folder is 0700 and every file in it 0600; a store that fails answers a code instead
 * of throwing; the cap holds whoever inserts; and the owner's health read never queues behind the
 * store's other work: asked the moment the store opens, while an enquiry's write waits for a lock
 * another process holds, `GET /api/health` answers at once from what the file holds.
 */
import { mkdtemp, readdir, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHealthHandler } from '#enquiries/health-handler.ts';
import { newRecord } from '#enquiries/record.ts';
import { enquiryDatabaseFile } from '#enquiries/store/sqlite-file.ts';
import { openSqliteStore } from '#enquiries/store/sqlite.ts';
import { sampleEnquiry } from '#support/enquiries.ts';
import { storeCapRecords } from '#src/lib/shared/enquiry-policy.ts';

let root: string;
beforeAll(async () => {
  root = await mkdtemp(join(tmpdir(), 'sqlite-store-'));
});
afterAll(() => rm(root, { recursive: true, force: true }));

const record = (n: number) => newRecord(n.toString(16).padStart(32, '0'), sampleEnquiry, false, Date.now());

describe('the SQLite enquiry store', () => {
  it('keeps its folder 0700 and every file 0600', async () => {
    const directory = join(root, 'modes');
    const store = openSqliteStore(directory);
    expect((await store.create(record(1))).ok).toBe(true);
    expect((await stat(directory)).mode & 0o777).toBe(0o700);
    const files = await readdir(directory);
    expect(files).toContain(enquiryDatabaseFile);
    for (const file of files) expect((await stat(join(directory, file))).mode & 0o777, file).toBe(0o600);
    await store.close();
  });

  it('answers a code, never throws, once closed', async () => {
    const store = openSqliteStore(join(root, 'closed'));
    await store.close();
    expect(await store.create(record(2))).toMatchObject({ ok: false });
    expect(await store.list()).toMatchObject({ ok: false });
  });

  it('refuses a new record once it holds as many as its cap', async () => {
    const directory = join(root, 'full');
    const store = openSqliteStore(directory);
    await store.close();
    // Filled straight through SQLite: thousands of inserts in one transaction.
    const db = new DatabaseSync(join(directory, enquiryDatabaseFile));
    const insert = db.prepare(
      `INSERT INTO enquiries (id, status, received_at, listed_at, version, data) VALUES (?, 'delivered', '', 0, 1, '{}')`,
    );
    db.exec('BEGIN');
    for (let n = 0; n < storeCapRecords; n += 1) insert.run(`filler-${n}`);
    db.exec('COMMIT');
    db.close();
    const reopened = openSqliteStore(directory);
    expect(await reopened.create(record(3))).toEqual({ ok: false, code: 'STORE_FULL' });
    expect(await reopened.count(0)).toEqual({ ok: true, value: storeCapRecords });
    await reopened.close();
  });
});

interface HealthBody {
  status: string;
  checks: Record<string, { status: string; observedValue?: unknown }[]>;
}

describe('the SQLite store, its thread busy', () => {
  it('answers the health check at once and truly while a write waits for another process', async () => {
    const directory = join(root, 'locked');
    const first = openSqliteStore(directory);
    expect((await first.create(record(1))).ok).toBe(true);
    await first.close();

    // Another process (a backup, `sqlite3` in a terminal) holds the file's write lock.
    const other = new DatabaseSync(join(directory, enquiryDatabaseFile));
    other.exec('BEGIN IMMEDIATE');
    const store = openSqliteStore(directory, { waitMs: 4000 });
    const health = createHealthHandler({ store, now: () => Date.now(), env: {} });
    try {
      let written = false;
      const writing = store.create(record(2)).then((result) => {
        written = true;
        return result;
      });
      const answer = await health(new Request('http://localhost/api/health'));
      const body = (await answer.json()) as HealthBody;
      // Answered before the write behind the lock was done: it did not queue behind it.
      expect(written).toBe(false);
      expect(answer.status).toBe(200);
      expect(body.checks['enquiry-store:readable']?.[0]?.status).toBe('pass');
      expect(body.checks['enquiries:waiting']?.[0]?.observedValue).toBe(1);

      other.exec('ROLLBACK');
      expect(await writing).toEqual({ ok: true, value: true });
      const after = (await (await health(new Request('http://localhost/api/health'))).json()) as HealthBody;
      expect(after.checks['enquiries:waiting']?.[0]?.observedValue).toBe(2);
    } finally {
      if (other.isTransaction) other.exec('ROLLBACK');
      other.close();
      await store.close();
    }
  });

  it('still says so when the store cannot be read', async () => {
    // The store's folder is a file: nothing can be kept, and the health check says so.
    const taken = join(root, 'a-file');
    await writeFile(taken, 'not a folder');
    const store = openSqliteStore(join(taken, 'enquiries'));
    try {
      const answer = await createHealthHandler({ store, now: () => Date.now(), env: {} })(
        new Request('http://localhost/api/health'),
      );
      expect(answer.status).toBe(503);
      const body = (await answer.json()) as HealthBody;
      expect(body.checks['enquiry-store:readable']?.[0]?.status).toBe('fail');
    } finally {
      await store.close();
    }
  });
});
