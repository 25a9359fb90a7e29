/**
 * The enquiry store over @netlify/blobs against the package's own local server, as `npm start`
 * runs it: records round-trip, "only if new" holds, files are private, and a store that is down
 * answers a code instead of throwing.
 */
import { readdir, stat } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { newRecord } from '../../../../../functions/lib/record.ts';
import { openBlobsStore, siteCredentials } from '../../../../../functions/lib/store/blobs.ts';
import type { TestBlobs } from '../../../../support/blobs-server.ts';
import { sampleEnquiry, startTempStore, withBlobsDown, storedIds } from '../../../../support/enquiries.ts';

let blobs: TestBlobs;

beforeAll(async () => {
  blobs = await startTempStore('enquiry-store-');
});

afterAll(() => blobs.stop());

async function filesUnder(directory: string): Promise<string[]> {
  const entries = await readdir(directory, { recursive: true, withFileTypes: true });
  return entries.filter((entry) => entry.isFile()).map((entry) => path.join(entry.parentPath, entry.name));
}

describe('the enquiry store', () => {
  const store = openBlobsStore();

  it('creates a record once, lists it, reads it back and deletes it', async () => {
    const record = newRecord('a'.repeat(32), sampleEnquiry, false, Date.UTC(2026, 0, 5));
    expect(await store.create(record)).toEqual({ ok: true, value: true });
    const again = await store.create({ ...record, attempts: 7 });
    expect(again).toEqual({ ok: true, value: false });
    expect(await storedIds(store)).toEqual({ ok: true, value: [record.id] });
    expect(await store.get(record.id)).toEqual({ ok: true, value: record });
    expect(await store.remove(record.id)).toEqual({ ok: true, value: true });
    expect(await store.get(record.id)).toEqual({ ok: true, value: undefined });
  });

  it('keeps its directory 0700 and every file 0600', async () => {
    const record = newRecord('b'.repeat(32), sampleEnquiry, false, Date.now());
    expect((await store.save(record)).ok).toBe(true);
    expect((await stat(blobs.directory)).mode & 0o777).toBe(0o700);
    const files = await filesUnder(blobs.directory);
    expect(files.length).toBeGreaterThan(0);
    for (const file of files) expect((await stat(file)).mode & 0o777, file).toBe(0o600);
  });

  it('answers a code, never throws, when the store is down', async () => {
    await withBlobsDown(async () => {
      const result = await store.create(newRecord('c'.repeat(32), sampleEnquiry, false, Date.now()));
      expect(result).toEqual({ ok: false, code: 'ECONNREFUSED' });
      expect(await storedIds(store)).toMatchObject({ ok: false });
    });
  });
});

describe("a Netlify site's store from outside", () => {
  it('is chosen by NETLIFY_SITE_ID and NETLIFY_AUTH_TOKEN together', () => {
    expect(siteCredentials({ NETLIFY_SITE_ID: ' site-1 ', NETLIFY_AUTH_TOKEN: 'token-1' })).toEqual({
      siteID: 'site-1',
      token: 'token-1',
    });
    expect(siteCredentials({ NETLIFY_SITE_ID: 'site-1' })).toBeUndefined();
    expect(siteCredentials({ NETLIFY_AUTH_TOKEN: 'token-1', NETLIFY_SITE_ID: ' ' })).toBeUndefined();
  });

  it("is read through Netlify's API with the token, not through the local server", async () => {
    const seen: { url: string; authorization: string | null }[] = [];
    const fetchSpy = vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
      seen.push({ url: String(input), authorization: new Headers(init?.headers).get('authorization') });
      return Response.json({ blobs: [{ key: 'd'.repeat(32), etag: '"1"' }], directories: [] });
    });
    try {
      const remote = openBlobsStore({ siteID: 'site-1', token: 'token-1' });
      expect(await storedIds(remote)).toEqual({ ok: true, value: ['d'.repeat(32)] });
    } finally {
      fetchSpy.mockRestore();
    }
    expect(seen).toHaveLength(1);
    expect(new URL(seen[0]?.url ?? '').pathname).toBe('/api/v1/blobs/site-1/site:enquiries');
    expect(seen[0]?.authorization).toBe('Bearer token-1');
  });
});
