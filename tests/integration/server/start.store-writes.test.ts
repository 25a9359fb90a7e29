/**
 * Two store faults met while `npm start` runs. One record in the file cannot be read (edited by
 * hand, half-restored): it is reported once and skipped, and the job mails every other kept
 * enquiry. A write the disk refuses (here a file size limit, as a full disk refuses it): the
 * visitor gets 503 and the log names the write's own failure, not the failed ROLLBACK after it.
 */
import { DatabaseSync } from 'node:sqlite';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { newUnsentRecord } from '#enquiries/record.ts';
import { enquiryDatabaseFile } from '#enquiries/store/sqlite-file.ts';
import { openSqliteStore } from '#enquiries/store/sqlite.ts';
import { sampleEnquiry } from '#support/enquiries.ts';
import { smtpTestEnv, startSmtpServer, waitFor } from '#support/smtp-test-server.ts';
import { getHome, postEnquiry, storeWorkspace } from '#support/store-faults.ts';

const workspaces: ReturnType<typeof storeWorkspace>[] = [];
afterAll(() => workspaces.forEach((workspace) => workspace.remove()));

describe('npm start meeting a store fault while it runs', () => {
  it('mails every kept enquiry but one unreadable record, which it reports', async () => {
    const workspace = storeWorkspace('store-bad-row');
    workspaces.push(workspace);
    const store = openSqliteStore(workspace.store);
    for (let n = 1; n <= 5; n += 1) {
      const id = n.toString(16).padStart(32, '0');
      await store.save(newUnsentRecord(id, sampleEnquiry, false, Date.now() - n * 60_000));
    }
    await store.close();
    const db = new DatabaseSync(join(workspace.store, enquiryDatabaseFile));
    db.prepare(
      `INSERT INTO enquiries (id, status, received_at, listed_at, version, data)
       VALUES ('f'||hex(randomblob(15)), 'pending', '2030-01-01', 0, 1, '{"half a record')`,
    ).run();
    db.close();

    const smtp = await startSmtpServer();
    const server = await workspace.start(smtpTestEnv(smtp.port));
    try {
      await waitFor(() => smtp.received.length >= 5, 60_000);
      expect(server.output()).toMatch(/\[enquiry-store\] record "f[0-9A-F]{30}" cannot be read; skipped/);
      expect(smtp.received).toHaveLength(5);
    } finally {
      await server.stop();
      await smtp.close();
    }
  });

  it('names a refused write as what it is, and refuses the enquiry with 503', async () => {
    const workspace = storeWorkspace('store-disk-full');
    workspaces.push(workspace);
    await openSqliteStore(workspace.store).close();
    const server = await workspace.start({}, 96);
    try {
      const statuses: number[] = [];
      for (let n = 0; n < 30 && !statuses.includes(503); n += 1) {
        statuses.push((await postEnquiry(server.port, `Long enquiry ${n} ${'x'.repeat(4000)}`)).status);
      }
      expect(statuses.at(-1)).toBe(503);
      expect(statuses.slice(0, -1).every((status) => status === 200)).toBe(true);
      expect(server.output()).toMatch(/outcome=store_failed id=\w+ code=STORE_WRITE_FAILED/);
      expect(server.output()).toMatch(/\[enquiry-store\] .* could not be written \(SQLITE_IOERR_WRITE\)/);
      expect(server.output()).not.toContain('SQLITE_1');
      expect(await getHome(server.port)).toBe(200);
    } finally {
      await server.stop();
    }
  });
});
