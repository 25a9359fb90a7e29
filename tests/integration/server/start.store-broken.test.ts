/**
 * `npm start` over a store an operator has got wrong: a damaged or truncated database file, a
 * database path that is a folder, a store folder that is a file, a folder under /proc. The site
 * stays up: one plain log line names the file and what to do, the pages are served, the contact
 * function answers 503 (never "received") and, once the store is put right, keeps the next
 * enquiry without a restart. A store folder that already exists keeps its mode, reported.
 */
import { chmodSync, mkdirSync, rmSync, statSync, truncateSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { newUnsentRecord } from '#enquiries/record.ts';
import { enquiryDatabaseFile } from '#enquiries/store/sqlite-file.ts';
import { openSqliteStore } from '#enquiries/store/sqlite.ts';
import { sampleEnquiry } from '#support/enquiries.ts';
import { getHome, postEnquiry, storeWorkspace } from '#support/store-faults.ts';

const workspaces: ReturnType<typeof storeWorkspace>[] = [];
afterAll(() => workspaces.forEach((workspace) => workspace.remove()));

/** A store folder holding a real database of `count` long enquiries. */
async function filledStore(directory: string, count: number) {
  const store = openSqliteStore(directory);
  for (let n = 0; n < count; n += 1) {
    const id = n.toString(16).padStart(32, '0');
    await store.save(newUnsentRecord(id, { ...sampleEnquiry, message: 'x'.repeat(4000) }, false, Date.now()));
  }
  await store.close();
}

type Case = {
  fault: string;
  /** Breaks the store in `store` (the folder ENQUIRY_STORE_DIR names); answers the path the line names. */
  breakIt: (store: string) => Promise<string> | string;
  /** Puts it right, where an operator can. */
  fixIt?: (store: string) => void;
};

const database = (store: string) => join(store, enquiryDatabaseFile);
const cases: Case[] = [
  {
    fault: 'a damaged database file',
    breakIt: (store) => {
      mkdirSync(store, { mode: 0o700 });
      writeFileSync(database(store), 'Not a database at all. '.repeat(400));
      return database(store);
    },
    fixIt: (store) => rmSync(database(store)),
  },
  {
    fault: 'a truncated database file',
    breakIt: async (store) => {
      await filledStore(store, 40);
      truncateSync(database(store), Math.floor(statSync(database(store)).size / 2));
      return database(store);
    },
    fixIt: (store) => rmSync(database(store)),
  },
  {
    fault: 'a database path that is a folder',
    breakIt: (store) => {
      mkdirSync(database(store), { recursive: true, mode: 0o700 });
      return database(store);
    },
    fixIt: (store) => rmSync(database(store), { recursive: true }),
  },
  {
    fault: 'a store folder that is a file',
    breakIt: (store) => {
      writeFileSync(store, 'a file where the folder should be');
      return store;
    },
    fixIt: (store) => rmSync(store),
  },
  // The first folder that cannot be created is the one named.
  { fault: 'a store folder under /proc', breakIt: () => '/proc/enquiry-store-test' },
];

describe('npm start over a broken enquiry store', () => {
  it.concurrent.each(cases)('$fault: pages served, 503 until it is put right', async ({ breakIt, fixIt }) => {
    const workspace = storeWorkspace('store-broken');
    workspaces.push(workspace);
    const named = await breakIt(workspace.store);
    const server = await workspace.start(
      named.startsWith('/proc/') ? { ENQUIRY_STORE_DIR: `${named}/store` } : {},
    );
    try {
      const output = await server.waitForOutput(/\[enquiry-store\] .*Until then/);
      const lines = output.split('\n').filter((line) => line.startsWith('[enquiry-store]'));
      expect(lines).toHaveLength(1);
      expect(lines[0]).toContain(named);
      expect(output).not.toMatch(/^\s+at /m); // no stack trace
      expect(await getHome(server.port)).toBe(200);
      const refused = await postEnquiry(server.port, 'Sent to a broken store');
      expect(refused).toMatchObject({ status: 503, body: { ok: false, error: 'store_unavailable' } });
      if (!fixIt) return;
      fixIt(workspace.store);
      expect((await postEnquiry(server.port, 'Sent once it was put right')).status).toBe(200);
      expect(server.output()).toContain('works again');
      expect(await workspace.inbox()).toContain('Sent once it was put right');
    } finally {
      await server.stop();
    }
  });

  it('reports an existing store folder open to other users, and leaves its mode alone', async () => {
    const workspace = storeWorkspace('store-mode');
    workspaces.push(workspace);
    mkdirSync(workspace.store);
    chmodSync(workspace.store, 0o755);
    const server = await workspace.start();
    try {
      expect(await server.waitForOutput(/can be read by other users/)).toContain(workspace.store);
      expect((await postEnquiry(server.port, 'Kept in a shared folder')).status).toBe(200);
      expect(statSync(workspace.store).mode & 0o777).toBe(0o755);
    } finally {
      await server.stop();
    }
  });
});
