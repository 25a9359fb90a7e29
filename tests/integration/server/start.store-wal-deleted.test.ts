/**
 * The database's write-ahead log and shared-memory files (`enquiries.sqlite-wal`, `-shm`) deleted
 * while `npm start` runs (a clean-up of "temporary" files, a mistaken `rm`). Every enquiry the
 * server answered as received must survive it, and an unclean stop after it: the store notices
 * the log it writes to is no longer at its path, copies what it holds into the database file,
 * says so in one log line and carries on with a new log.
 */
import { existsSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { enquiryDatabaseFile } from '#enquiries/store/sqlite-file.ts';
import type { StartedServer } from '#support/raw-http.ts';
import { waitFor } from '#support/smtp-test-server.ts';
import { postEnquiry, storeWorkspace } from '#support/store-faults.ts';

const workspace = storeWorkspace('store-wal-deleted');
const file = join(workspace.store, enquiryDatabaseFile);
let server: StartedServer | undefined;

beforeAll(async () => {
  server = await workspace.start();
  await waitFor(() => existsSync(`${file}-wal`), 10_000);
});

afterAll(async () => {
  server?.signal('SIGKILL');
  await server?.exited;
  workspace.remove();
});

const kept = async (message: string) =>
  expect((await postEnquiry(server?.port ?? 0, message)).status).toBe(200);

describe('npm start when its write-ahead log is deleted under it', () => {
  it('keeps every enquiry it answered as received, through an unclean stop', async () => {
    const messages = Array.from({ length: 7 }, (_, n) => `Kept enquiry number ${n + 1}`);
    for (const message of messages.slice(0, 2)) await kept(message);
    for (const suffix of ['-wal', '-shm']) rmSync(`${file}${suffix}`);
    // The inbox, run meanwhile, lists what was kept before (it printed "No enquiries stored.").
    const meanwhile = await workspace.inbox();
    for (const message of messages.slice(0, 2)) expect(meanwhile).toContain(message);
    for (const message of messages.slice(2)) await kept(message);
    expect(await workspace.inbox()).toContain(messages.at(-1));

    // Stopped as a crash or a power cut stops it: nothing closes the database cleanly.
    server?.signal('SIGKILL');
    await server?.exited;
    const inbox = await workspace.inbox();
    for (const message of messages) expect(inbox).toContain(message);
    expect(server?.output()).toMatch(new RegExp(`\\[enquiry-store\\] ${file}-wal or -shm was deleted`));
  });

  it('keeps what it answered before the log was deleted, with no call after it', async () => {
    server = await workspace.start();
    await kept('Kept just before the log went');
    for (const suffix of ['-wal', '-shm']) rmSync(`${file}${suffix}`);
    // Killed before the store is called again (the retry job, a new enquiry) and could notice.
    server.signal('SIGKILL');
    await server.exited;
    expect(await workspace.inbox()).toContain('Kept just before the log went');
  });
});
