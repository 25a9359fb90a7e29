/**
 * Another process holds the SQLite file's write lock while `npm start` runs (a backup, `sqlite3`
 * open in a terminal with a transaction begun). The store works on a thread of its own, so the
 * pages answer while an enquiry waits for the file; after ENQUIRY_STORE_WAIT_MS the enquiry is
 * refused (503, the visitor keeps their text), never answered as received, and once the lock is
 * gone the next one is kept.
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { enquiryDatabaseFile } from '#enquiries/store/sqlite-file.ts';
import { healthEndpoint } from '#src/lib/shared/paths.ts';
import type { StartedServer } from '#support/raw-http.ts';
import { waitFor } from '#support/smtp-test-server.ts';
import { getHome, postEnquiry, storeWorkspace } from '#support/store-faults.ts';

const workspace = storeWorkspace('store-locked');
const file = join(workspace.store, enquiryDatabaseFile);
let server: StartedServer;

// Long enough that the page, asked for while the enquiry waits, is answered first even on a machine
// shared with another suite (at 2 s, once it was not), short enough to keep the test brief.
const storeWaitMs = 10_000;

/** Whether the retry job's start-up run is over (the health check shows its time): the store is set up. */
async function jobHasRun(port: number): Promise<boolean> {
  const response = await fetch(`http://127.0.0.1:${port}${healthEndpoint}`);
  const health = (await response.json()) as { checks: Record<string, { observedValue?: unknown }[]> };
  return health.checks['retry-job:last-run']?.[0]?.observedValue != null;
}

beforeAll(async () => {
  server = await workspace.start({ ENQUIRY_STORE_WAIT_MS: String(storeWaitMs) });
  await waitFor(() => existsSync(file), 10_000);
  // The lock is taken once the store is set up and the job's start-up run is over, as a backup
  // finds it; a file locked before its first set-up is sqlite-database.test.ts's case.
  const deadline = Date.now() + 20_000;
  while (!(await jobHasRun(server.port)) && Date.now() < deadline) {
    await new Promise((done) => setTimeout(done, 100));
  }
});

afterAll(async () => {
  await server.stop();
  workspace.remove();
});

describe('npm start while another process holds the store’s write lock', () => {
  it('answers pages at once, refuses the enquiry after the wait, and keeps the next one', async () => {
    const holder = new DatabaseSync(file, { timeout: storeWaitMs });
    holder.exec('BEGIN IMMEDIATE');
    const answered: string[] = [];
    const refused = postEnquiry(server.port, 'Sent while the file was locked').then((answer) => {
      answered.push('enquiry');
      return answer;
    });
    // The enquiry has reached the store by now; the page is asked for while it waits.
    await new Promise((done) => setTimeout(done, 300));
    const home = await getHome(server.port);
    answered.push('home');
    expect(home).toBe(200);
    expect(await refused).toMatchObject({ status: 503, body: { ok: false, error: 'store_unavailable' } });
    // On a failure, the server's own lines say what refused the enquiry early.
    expect(answered, server.output()).toEqual(['home', 'enquiry']);
    // The server's log line reaches this process through a pipe, after its answer may have.
    const refusal = /outcome=store_failed id=\w+ code=STORE_BUSY/;
    await waitFor(() => refusal.test(server.output()), 10_000).catch(() => {});
    expect(server.output()).toMatch(refusal);
    holder.exec('ROLLBACK');
    holder.close();

    expect((await postEnquiry(server.port, 'Sent once the lock was gone')).status).toBe(200);
    const inbox = await workspace.inbox();
    expect(inbox).toContain('Sent once the lock was gone');
    expect(inbox).not.toContain('Sent while the file was locked');
  });
});
