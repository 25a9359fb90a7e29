/**
 * The database files deleted, or replaced by another copy, while `npm start` runs (a clean-up
 * script, a mistaken `rm`, a restored backup). An enquiry is answered as received only once it is
 * in the file at the store's path, the one the next start opens: the store notices the file it
 * holds is no longer there, says so in one log line, reopens it and keeps the enquiry there,
 * without a restart.
 */
import { copyFileSync, existsSync, readdirSync, renameSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { enquiryDatabaseFile } from '#enquiries/store/sqlite-file.ts';
import type { StartedServer } from '#support/raw-http.ts';
import { waitFor } from '#support/smtp-test-server.ts';
import { postEnquiry, storeWorkspace } from '#support/store-faults.ts';

const workspace = storeWorkspace('store-deleted');
const file = join(workspace.store, enquiryDatabaseFile);
let server: StartedServer | undefined;

beforeAll(async () => {
  server = await workspace.start();
  await waitFor(() => existsSync(file), 10_000);
});

afterAll(async () => {
  await server?.stop();
  workspace.remove();
});

const kept = async (message: string) =>
  expect((await postEnquiry(server?.port ?? 0, message)).status).toBe(200);

describe('npm start when its database files are deleted or replaced under it', () => {
  it('keeps every enquiry it answers as received in the file the next start opens', async () => {
    await kept('Kept before the files went');
    for (const name of readdirSync(workspace.store)) rmSync(join(workspace.store, name));
    await kept('Kept after the files went');
    await kept('Kept a moment later');
    expect(server?.output()).toMatch(new RegExp(`\\[enquiry-store\\] ${file} was deleted or replaced`));

    await server?.stop();
    // A copy of the file as it is now, put back later in its place (a restored backup).
    copyFileSync(file, join(workspace.work, 'backup.sqlite'));
    server = await workspace.start();
    await kept('Kept in the file the backup replaced');
    renameSync(join(workspace.work, 'backup.sqlite'), file);
    await kept('Kept after the backup came back');

    const inbox = await workspace.inbox();
    for (const message of [
      'Kept after the files went',
      'Kept a moment later',
      'Kept after the backup came back',
    ])
      expect(inbox).toContain(message);
    // Only what the deleted or replaced file alone held is gone with it.
    expect(inbox).not.toContain('Kept before the files went');
    expect(inbox).not.toContain('Kept in the file the backup replaced');
  });
});
