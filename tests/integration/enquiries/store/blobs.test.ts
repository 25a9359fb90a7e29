/**
 * The Blobs adapter (enquiries/store/blobs.ts) beyond the contract suite: every answer's
 * status is checked, so a conditional write answered with 403, 429 or 5xx is a failure, never "written" (the
 * Blobs client reports any conditional write not answered 412 as written); a store that is down
 * answers a code instead of throwing; and a deployed site's store is reached with its credentials.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { newRecord, startAttempt } from '#enquiries/record.ts';
import { openBlobsStore, siteCredentials } from '#enquiries/store/blobs.ts';
import type { TestBlobs } from '#support/blobs-server.ts';
import {
  sampleEnquiry,
  startTempStore,
  storedIds,
  whileConditionalWritesAnswer,
  withBlobsDown,
} from '#support/enquiries.ts';

let blobs: TestBlobs;

beforeAll(async () => {
  blobs = await startTempStore('enquiry-store-');
});

afterAll(() => blobs.stop());

describe('the Blobs adapter', () => {
  const store = openBlobsStore();
  let serial = 0;
  const fresh = () =>
    newRecord((serial += 1).toString(16).padStart(32, 'c'), sampleEnquiry, false, Date.now());

  it.each([403, 429, 500, 503])('fails every conditional write the store answers with %i', async (status) => {
    const record = fresh();
    expect(await store.create(record)).toEqual({ ok: true, value: true });
    const read = await store.readVersioned(record.id);
    if (!read.ok || !read.value) throw new Error('not read');
    const version = read.value.version;
    const other = fresh();
    await whileConditionalWritesAnswer(status, async () => {
      expect(await store.create(other)).toMatchObject({ ok: false });
      expect(await store.save(startAttempt(record, Date.now()), version)).toMatchObject({ ok: false });
    });
    // Nothing was written: the other is not there, and the version read still takes the record.
    expect(await store.readRecord(other.id)).toEqual({ ok: true, value: undefined });
    expect(await store.save(startAttempt(record, Date.now()), version)).toEqual({ ok: true, value: true });
  });

  it('answers a code, never throws, when the store is down', async () => {
    await withBlobsDown(async () => {
      const result = await store.create(fresh());
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
      return Response.json({ blobs: [], directories: [] });
    });
    try {
      const remote = openBlobsStore({ siteID: 'site-1', token: 'token-1' });
      expect(await storedIds(remote)).toEqual({ ok: true, value: [] });
    } finally {
      fetchSpy.mockRestore();
    }
    expect(seen).toHaveLength(1);
    expect(new URL(seen[0]?.url ?? '').pathname).toBe('/api/v1/blobs/site-1/site:enquiries');
    expect(seen[0]?.authorization).toBe('Bearer token-1');
  });
});
