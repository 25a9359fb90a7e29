/**
 * Where enquiries are kept: the `enquiries` store of Netlify Blobs. On Netlify the function's
 * environment says where it is; under `npm start`, `npm run dev` and the tests the same client
 * talks to the package's own local server (server/local-blobs.ts), which sets that environment.
 * Every operation is bounded in time and answers a tagged result: it never throws.
 */
import { getStore } from '@netlify/blobs';
import type { EnquiryRecord } from './enquiry-record.ts';

const enquiryStoreName = 'enquiries';

/** The longest one storage request may take before it counts as failed. */
const storeTimeoutMs = 5000;

type StoreResult<T> = { ok: true; value: T } | { ok: false; code: string };

type Created = { created: true } | { created: false; existing: EnquiryRecord | undefined };

export interface EnquiryStore {
  /** Writes a new record, unless its id is already stored: then `created: false` and the stored one. */
  create(record: EnquiryRecord): Promise<StoreResult<Created>>;
  get(id: string): Promise<StoreResult<EnquiryRecord | undefined>>;
  save(record: EnquiryRecord): Promise<StoreResult<true>>;
  remove(id: string): Promise<StoreResult<true>>;
  ids(): Promise<StoreResult<string[]>>;
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

const boundedFetch: typeof fetch = (input, init) =>
  fetch(input, { ...init, signal: AbortSignal.timeout(storeTimeoutMs) });

export function openEnquiryStore(credentials?: SiteCredentials): EnquiryStore {
  // Opened per operation: the local server may set the environment after this module loads.
  const store = () =>
    getStore(enquiryStoreName, { ...credentials, consistency: 'strong', fetch: boundedFetch });
  // The local server checks "only if new" without a lock; this keeps one process from racing itself.
  const creating = new Set<string>();

  return {
    create: (record) =>
      attempt(async () => {
        if (creating.has(record.id)) return { created: false, existing: undefined };
        creating.add(record.id);
        try {
          const { modified } = await store().setJSON(record.id, record, { onlyIfNew: true });
          if (modified) return { created: true };
          return { created: false, existing: asRecord(await store().get(record.id, { type: 'json' })) };
        } finally {
          creating.delete(record.id);
        }
      }),
    get: (id) => attempt(async () => asRecord(await store().get(id, { type: 'json' }))),
    save: (record) =>
      attempt(async () => {
        await store().setJSON(record.id, record);
        return true as const;
      }),
    remove: (id) =>
      attempt(async () => {
        await store().delete(id);
        return true as const;
      }),
    ids: () =>
      attempt(async () => {
        const { blobs } = await store().list();
        return blobs.map((blob) => blob.key);
      }),
  };
}

async function attempt<T>(operation: () => Promise<T>): Promise<StoreResult<T>> {
  try {
    return { ok: true, value: await operation() };
  } catch (error) {
    return { ok: false, code: storeErrorCode(error) };
  }
}

function asRecord(value: unknown): EnquiryRecord | undefined {
  const record = value as Partial<EnquiryRecord> | null;
  return record && typeof record.id === 'string' && typeof record.status === 'string'
    ? (record as EnquiryRecord)
    : undefined;
}

/** A short code for logs: the system error's code when there is one, never a message or URL. */
function storeErrorCode(error: unknown): string {
  const { name, code, cause } = (error ?? {}) as {
    name?: unknown;
    code?: unknown;
    cause?: { code?: unknown };
  };
  if (name === 'MissingBlobsEnvironmentError') return 'NO_STORE';
  if (name === 'TimeoutError') return 'ETIMEDOUT';
  for (const candidate of [code, cause?.code]) {
    if (typeof candidate === 'string' && /^[A-Z0-9_]{1,32}$/.test(candidate)) return candidate;
  }
  return 'ESTORE';
}
