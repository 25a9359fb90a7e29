/**
 * Where enquiries are kept: the `enquiries` store of Netlify Blobs, and its index beside it
 * (due-index.ts), kept in step by `create` and `save`. On Netlify the function's environment
 * says where it is; under `npm start`, `npm run dev` and the tests the same client talks to the
 * package's own local server (server/local-blobs.ts), which sets that environment. Every call has
 * one deadline, retries included (deadline.ts), and answers a tagged result: it never throws.
 */
import { getStore, type Store } from '@netlify/blobs';
import { indexKey, openEnquiryIndex, type EnquiryIndex } from './due-index.ts';
import type { EnquiryRecord } from '../record.ts';
import { logOutcome } from '../log-outcome.ts';
import { storeCall, type StoreResult } from './deadline.ts';

const enquiryStoreName = 'enquiries';
const indexStoreName = 'enquiries-index';

/**
 * The most records the store keeps: past it a new enquiry is not stored (it is still sent when
 * mail works). At the form's rate limit one address could otherwise fill the disk; at about 30 KB
 * a record this is 600 MB, hundreds of times what an agency's 30 days of enquiries take.
 */
export const storeCapRecords = 20_000;
/**
 * A listing may take longer than a visitor's call: it grows with what it lists. The job's index
 * listings come before its work; a listing of every record (the job's count every ten minutes,
 * `npm run enquiries`) gets longer.
 */
const listDeadlineMs = 10_000;
const listAllDeadlineMs = 20_000;

export interface EnquiryStore {
  /** Writes a new record, unless its id is already stored: then `false`. */
  create(record: EnquiryRecord): Promise<StoreResult<boolean>>;
  get(id: string): Promise<StoreResult<EnquiryRecord | undefined>>;
  /** The record with its version, for a `save` that must not overwrite someone else's. */
  read(id: string): Promise<StoreResult<{ record: EnquiryRecord; etag: string } | undefined>>;
  /** `false` when `onlyIfMatch` was given and the stored version is no longer that one. */
  save(record: EnquiryRecord, onlyIfMatch?: string): Promise<StoreResult<boolean>>;
  remove(id: string): Promise<StoreResult<true>>;
  ids(): Promise<StoreResult<string[]>>;
  index: EnquiryIndex;
}

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

export function openEnquiryStore(credentials?: SiteCredentials, openStore?: StoreOpener): EnquiryStore {
  // Opened per call: the local server may set the environment after this module loads.
  const open = (name: string) => (fetch: typeof globalThis.fetch) =>
    openStore ? openStore(name, fetch) : getStore(name, { ...credentials, consistency: 'strong', fetch });
  const records = open(enquiryStoreName);
  const index = openEnquiryIndex(open(indexStoreName), listDeadlineMs);

  // The index entry first: a record is never stored without the entry that brings the job to it.
  const indexed = async (record: EnquiryRecord) => {
    const key = indexKey(record);
    return key ? index.add(key) : ({ ok: true, value: true } as const);
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
      );
    },
    get: (id) => storeCall(async (fetch) => asRecord(await records(fetch).get(id, { type: 'json' }))),
    read: (id) =>
      storeCall(async (fetch) => {
        const read = await records(fetch).getWithMetadata(id, { type: 'json' });
        const record = asRecord(read?.data);
        if (!record) return undefined;
        // Without its version a record cannot be leased safely: an error, never "not there".
        if (!read?.etag) throw Object.assign(new Error('No ETag'), { code: 'NO_ETAG' });
        return { record, etag: read.etag };
      }),
    async save(record, onlyIfMatch) {
      const entry = await indexed(record);
      if (!entry.ok) return entry;
      return storeCall(async (fetch) => {
        const options = onlyIfMatch ? { onlyIfMatch } : {};
        return (await records(fetch).setJSON(record.id, record, options)).modified;
      });
    },
    remove: (id) =>
      storeCall(async (fetch) => {
        await records(fetch).delete(id);
        return true as const;
      }),
    ids: () =>
      storeCall(async (fetch) => {
        const { blobs } = await records(fetch).list();
        return blobs.map((blob) => blob.key);
      }, listAllDeadlineMs),
    index,
  };
}

function asRecord(value: unknown): EnquiryRecord | undefined {
  const record = value as Partial<EnquiryRecord> | null;
  return record && typeof record.id === 'string' && typeof record.status === 'string'
    ? (record as EnquiryRecord)
    : undefined;
}
