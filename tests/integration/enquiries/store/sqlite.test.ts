/**
 * The SQLite adapter (enquiries/store/sqlite.ts) beyond the contract suite: enquiries are personal
 * data, so its folder is 0700 and every file in it 0600; a store that fails answers a code instead
 * of throwing; and the cap holds whoever inserts.
 */
import { mkdtemp, readdir, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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
