/**
 * The enquiry store on Netlify: the `enquiries` store of Netlify Blobs, and its index beside it
 * (due-index.ts), kept in step by `create` and `save`. The function's environment says where it
 * is; `npm run enquiries` reaches a deployed site's with NETLIFY_SITE_ID and NETLIFY_AUTH_TOKEN.
 * A version is the record's ETag, and a versioned `save` Netlify Blobs' conditional write
 * (`onlyIfMatch`), which Netlify documents as atomic. Every call has one deadline, retries
 * included, and its answer's status checked (deadline.ts).
 */
import { getStore, type Store } from '@netlify/blobs';
import { openEnquiryIndex } from './due-index.ts';
import { takeCensus } from './census.ts';
import { logOutcome } from '../log-outcome.ts';
import { storeCall } from './deadline.ts';
import { blobsWatch } from './blobs-watch.ts';
import { asRecord, listingKey, type EnquiryStore, type StoreResult } from './store.ts';
import { awaitsMailConfiguration, type EnquiryRecord } from '../record.ts';
import { storeCapRecords } from '../../src/lib/shared/enquiry-policy.ts';
import { summaryOf } from './summary.ts';

const enquiryStoreName = 'enquiries';
const indexStoreName = 'enquiries-index';

/**
 * A listing may take longer than a visitor's call: it grows with what it lists. The job's index
 * listings come before its work; a listing of every record (the job's count every ten minutes,
 * `npm run enquiries`) gets longer.
 */
const listDeadlineMs = 10_000;
const listAllDeadlineMs = 20_000;

/** A site's store reached from outside Netlify (`npm run enquiries` against a deployed site). */
interface SiteCredentials {
  siteID: string;
  token: string;
}

/** Netlify's own variables for reaching a site from outside (as its CLI reads them), when both are set. */
export function siteCredentials(env: Record<string, string | undefined>): SiteCredentials | undefined {
  const siteID = env.NETLIFY_SITE_ID?.trim();
  const token = env.NETLIFY_AUTH_TOKEN?.trim();
  return siteID && token ? { siteID, token } : undefined;
}

/** Opens a named Blobs store whose requests go through `fetch`. */
export type StoreOpener = (name: string, fetch: typeof globalThis.fetch) => Store;

const missing = [404];

export function openBlobsStore(credentials?: SiteCredentials, openStore?: StoreOpener): EnquiryStore {
  // Opened per call: the environment may be set after this module loads.
  const open = (name: string) => (fetch: typeof globalThis.fetch) =>
    openStore ? openStore(name, fetch) : getStore(name, { ...credentials, consistency: 'strong', fetch });
  const records = open(enquiryStoreName);
  const index = openEnquiryIndex(open(indexStoreName), listDeadlineMs);

  // The index entry first: a record is never stored without the entry that brings the job to it.
  const indexed = async (record: EnquiryRecord) => {
    const key = listingKey(record);
    return key ? index.add(key) : ({ ok: true, value: true } as const);
  };
  const ids = () =>
    storeCall(async (fetch) => (await records(fetch).list()).blobs.map((blob) => blob.key), {
      deadlineMs: listAllDeadlineMs,
    });
  // One 404 is no proof a record is gone: Netlify Blobs has answered a stored record's read with
  // a spurious one, and the job would then forget a kept enquiry. It is gone only when the
  // listing of its key agrees; when the two disagree the read is a failure, tried again next run.
  const confirmedGone = async <T>(
    id: string,
    read: StoreResult<T | null>,
  ): Promise<StoreResult<T | undefined>> => {
    if (!read.ok || read.value !== null) return read as StoreResult<T | undefined>;
    const listed = await storeCall(async (fetch) => (await records(fetch).list({ prefix: id })).blobs, {
      deadlineMs: listDeadlineMs,
    });
    if (!listed.ok) return listed;
    if (listed.value.some((blob) => blob.key === id)) return { ok: false, code: 'STORE_404_LISTED' };
    return { ok: true, value: undefined };
  };
  const readRecord = async (id: string) =>
    confirmedGone(
      id,
      await storeCall(
        async (fetch) => {
          const data: unknown = await records(fetch).get(id, { type: 'json' });
          return data === null ? null : asRecord(data);
        },
        { accept: missing },
      ),
    );

  const watch = blobsWatch(open(indexStoreName), index, readRecord);

  let snapshot: EnquiryRecord[] | undefined;
  /** Every record, the newest first, then by id. */
  const everyRecord = async (): Promise<StoreResult<EnquiryRecord[]>> => {
    const listed = await ids();
    if (!listed.ok) return listed;
    const found: EnquiryRecord[] = [];
    for (const id of listed.value) {
      const read = await readRecord(id);
      if (!read.ok) return read;
      if (read.value) found.push(read.value);
    }
    const order = (a: EnquiryRecord, b: EnquiryRecord) =>
      b.receivedAt.localeCompare(a.receivedAt) || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);
    return { ok: true, value: found.sort(order) };
  };

  return {
    async create(record) {
      const census = await index.census();
      if (!census.ok) return census; // the store is not answering: no second wait for the write
      if (census.value && census.value.records >= storeCapRecords) {
        logOutcome('store_failed', {
          code: 'STORE_FULL',
          records: census.value.records,
          cap: storeCapRecords,
        });
        return { ok: false, code: 'STORE_FULL' };
      }
      const entry = await indexed(record);
      if (!entry.ok) return entry;
      return storeCall(
        async (fetch) => (await records(fetch).setJSON(record.id, record, { onlyIfNew: true })).modified,
        { accept: [412] },
      );
    },
    readRecord,
    readVersioned: async (id) =>
      confirmedGone(
        id,
        await storeCall(
          async (fetch) => {
            const read = await records(fetch).getWithMetadata(id, { type: 'json' });
            if (read === null) return null;
            const record = asRecord(read.data);
            if (!record) return undefined;
            // Without its version a record cannot be leased safely: an error, never "not there".
            if (!read.etag) throw Object.assign(new Error('No ETag'), { code: 'NO_ETAG' });
            return { record, version: read.etag };
          },
          { accept: missing },
        ),
      ),
    async save(record, ifVersion) {
      const entry = await indexed(record);
      if (!entry.ok) return entry;
      return storeCall(
        async (fetch) => {
          const options = ifVersion ? { onlyIfMatch: ifVersion } : {};
          return (await records(fetch).setJSON(record.id, record, options)).modified;
        },
        { accept: ifVersion ? [412] : [] },
      );
    },
    remove: (id) =>
      storeCall(
        async (fetch) => {
          await records(fetch).delete(id);
          return true as const;
        },
        { accept: missing },
      ),
    due: (nowMs) => index.due(nowMs),
    purgeable: (nowMs) => index.purgeable(nowMs),
    settle: (key) => index.remove(key),
    count: (nowMs) =>
      takeCensus(
        index,
        async () => {
          const listed = await ids();
          return listed.ok ? { ok: true, value: listed.value.length } : listed;
        },
        nowMs,
      ),
    // Netlify Blobs lists keys only: the inbox reads every record to sort them by date (a Netlify
    // site's store is read from the operator's machine, and holds at most the cap). The pages
    // after the first are cut from the records the first page read, not read again.
    async list({ status, limit, after } = {}) {
      const all = after && snapshot ? { ok: true as const, value: snapshot } : await everyRecord();
      if (!all.ok) return all;
      snapshot = all.value;
      const later = (record: EnquiryRecord) =>
        !after ||
        record.receivedAt < after.receivedAt ||
        (record.receivedAt === after.receivedAt && record.id > after.id);
      const shown = all.value.filter((record) => (!status || record.status === status) && later(record));
      return { ok: true, value: shown.slice(0, limit) };
    },
    async summary() {
      const all = await everyRecord();
      return all.ok ? { ok: true, value: summaryOf(all.value) } : all;
    },
    async tally() {
      const all = await everyRecord();
      if (!all.ok) return all;
      return {
        ok: true,
        value: { records: all.value.length, awaitingMail: all.value.filter(awaitsMailConfiguration).length },
      };
    },
    observe: watch.observe,
    saveWatch: watch.saveWatch,
    close: async () => undefined,
  };
}
