/**
 * The SQLite store's waiting for a file another process has locked (enquiries/store/sqlite-database.ts,
 * run here on the test's thread as on the store's own): it keeps the call's deadline by the clock,
 * not by SQLite's count of its own sleeps, and a lock released within the wait lets the write in.
 */
import { spawn } from 'node:child_process';
import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newRecord } from '#enquiries/record.ts';
import { enquiryDatabaseFile } from '#enquiries/store/sqlite-file.ts';
import { enquiryDatabase } from '#enquiries/store/sqlite-database.ts';
import { sampleEnquiry } from '#support/enquiries.ts';
import { waitFor } from '#support/smtp-test-server.ts';

let root: string;
beforeAll(async () => {
  root = await mkdtemp(join(tmpdir(), 'sqlite-database-'));
});
afterAll(() => rm(root, { recursive: true, force: true }));

const record = (n: number) => newRecord(n.toString(16).padStart(32, '0'), sampleEnquiry, false, Date.now());
const log: string[] = [];

/** A database in a folder of its own, its file set up, and the file's path. */
function database(name: string, now?: () => number) {
  const directory = join(root, name);
  const db = enquiryDatabase(directory, (line) => log.push(line), now);
  expect(db.run({ op: 'count' }, Date.now() + 5000)).toMatchObject({ ok: true });
  return { db, file: join(directory, enquiryDatabaseFile) };
}

describe('the SQLite store waiting for a locked file', () => {
  it('gives up when the clock passes the deadline, even while SQLite believes it has waited less', () => {
    // Once armed, a clock that moves on a minute after its first reading: what a loaded or suspended
    // machine does to SQLite's busy wait, which adds up the sleeps it asked for, not the time passed.
    let armed = false;
    let readings = 0;
    const clock = () => Date.now() + (armed && ++readings > 1 ? 60_000 : 0);
    const { db, file } = database('late-clock', clock);
    const holder = new DatabaseSync(file);
    holder.exec('BEGIN IMMEDIATE');
    try {
      armed = true;
      const waitMs = 20_000;
      const started = Date.now();
      const answer = db.run({ op: 'create', record: record(1) }, Date.now() + waitMs);
      expect(answer).toEqual({ ok: false, code: 'STORE_BUSY' });
      // One turn of the wait, not the whole 20 s one long busy wait would have slept.
      expect(Date.now() - started).toBeLessThan(waitMs / 2);
    } finally {
      holder.exec('ROLLBACK');
      holder.close();
      db.close();
    }
  });

  it('lets the write in once another process releases its lock within the wait', async () => {
    const { db, file } = database('released');
    const holder = await lockedByAnotherProcess(file, 1500);
    try {
      expect(db.run({ op: 'create', record: record(2) }, Date.now() + 15_000)).toEqual({
        ok: true,
        value: { records: 0, created: true },
      });
      expect(db.run({ op: 'count' }, Date.now() + 5000)).toEqual({ ok: true, value: 1 });
    } finally {
      await holder.stop();
      db.close();
    }
  });

  it('waits the same way for a file another process locked before the store first set it up', async () => {
    // A backup or a terminal holding the new, still empty file's lock as the server starts: SQLite
    // refuses the store's first set-up (its switch to WAL) at once rather than waiting.
    const directory = join(root, 'locked-from-the-start');
    await mkdir(directory, { recursive: true, mode: 0o700 });
    const file = join(directory, enquiryDatabaseFile);
    const holder = await lockedByAnotherProcess(file, 1500);
    const db = enquiryDatabase(directory, (line) => log.push(line));
    try {
      expect(db.run({ op: 'create', record: record(3) }, Date.now() + 15_000)).toMatchObject({ ok: true });
      expect(db.run({ op: 'count' }, Date.now() + 5000)).toEqual({ ok: true, value: 1 });
    } finally {
      await holder.stop();
      db.close();
    }
  });
});

/** Another process that takes `file`'s write lock (creating the file if need be) and lets it go `ms` later. */
async function lockedByAnotherProcess(file: string, ms: number) {
  const holder = spawn(
    process.execPath,
    [
      '-e',
      `const { DatabaseSync } = require('node:sqlite');
       const db = new DatabaseSync(${JSON.stringify(file)});
       db.exec('BEGIN IMMEDIATE');
       console.log('locked');
       setTimeout(() => { db.exec('ROLLBACK'); db.close(); }, ${ms});`,
    ],
    { stdio: ['ignore', 'pipe', 'inherit'] },
  );
  let said = '';
  holder.stdout.on('data', (chunk: Buffer) => (said += chunk.toString()));
  const exited = new Promise((done) => holder.on('exit', done));
  await waitFor(() => said.includes('locked'), 10_000);
  return {
    stop: async () => {
      holder.kill();
      await exited;
    },
  };
}
