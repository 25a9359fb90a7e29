/**
 * Netlify Blobs in memory, for unit tests of the enquiry store and job at any size: the calls the
 * store makes (get, getWithMetadata, set, setJSON with "only if new" / "only if match", delete,
 * list with prefix and directories), each after `beforeCall` (a slow store: advance a clock).
 */
import type { Store } from '@netlify/blobs';
import type { StoreOpener } from '#enquiries/store/blobs.ts';

interface Entry {
  data: string;
  etag: string;
}

interface WriteOptions {
  onlyIfNew?: boolean;
  onlyIfMatch?: string;
}

/** What a call is about, for `beforeCall` to slow it down or make it fail (by throwing). */
export interface BlobCall {
  store: string;
  method: 'get' | 'getWithMetadata' | 'set' | 'setJSON' | 'delete' | 'list';
  key?: string;
  data?: unknown;
}

export function memoryBlobs(beforeCall: (call: BlobCall) => Promise<void> | void = () => undefined) {
  const stores = new Map<string, Map<string, Entry>>();
  let version = 0;
  let calls = 0;
  const entriesOf = (name: string) => stores.get(name) ?? stores.set(name, new Map()).get(name)!;

  const open: StoreOpener = (name) => {
    const entries = entriesOf(name);
    const call = async <T>(about: Omit<BlobCall, 'store'>, run: () => T): Promise<T> => {
      calls += 1;
      await beforeCall({ store: name, ...about });
      return run();
    };
    const write = (key: string, data: string, options: WriteOptions = {}) => {
      const current = entries.get(key);
      if (options.onlyIfNew && current) return { modified: false };
      if (options.onlyIfMatch && current?.etag !== options.onlyIfMatch) return { modified: false };
      const etag = `"${(version += 1)}"`;
      entries.set(key, { data, etag });
      return { modified: true, etag };
    };
    const read = (key: string, type?: string) => {
      const entry = entries.get(key);
      if (!entry) return null;
      return type === 'json' ? (JSON.parse(entry.data) as unknown) : entry.data;
    };
    const store = {
      get: (key: string, options?: { type?: string }) =>
        call({ method: 'get', key }, () => read(key, options?.type)),
      getWithMetadata: (key: string, options?: { type?: string }) =>
        call({ method: 'getWithMetadata', key }, () => {
          const entry = entries.get(key);
          return entry ? { data: read(key, options?.type), etag: entry.etag, metadata: {} } : null;
        }),
      set: (key: string, data: string, options?: WriteOptions) =>
        call({ method: 'set', key, data }, () => write(key, data, options)),
      setJSON: (key: string, data: unknown, options?: WriteOptions) =>
        call({ method: 'setJSON', key, data }, () => write(key, JSON.stringify(data), options)),
      delete: (key: string) => call({ method: 'delete', key }, () => void entries.delete(key)),
      list: ({ prefix = '', directories = false }: { prefix?: string; directories?: boolean } = {}) =>
        call({ method: 'list' }, () => {
          const blobs: { key: string; etag: string }[] = [];
          const folders = new Set<string>();
          for (const [key, { etag }] of entries) {
            if (!key.startsWith(prefix)) continue;
            const rest = key.slice(prefix.length);
            if (directories && rest.includes('/')) folders.add(prefix + rest.split('/')[0]);
            else blobs.push({ key, etag });
          }
          return { blobs, directories: [...folders] };
        }),
    };
    return store as unknown as Store;
  };

  return {
    open,
    /** The keys of one named store (`enquiries`, `enquiries-index`). */
    keys: (name: string) => [...entriesOf(name).keys()],
    calls: () => calls,
    /** Writes straight into a store, bypassing `beforeCall` (seeding thousands of records). */
    seed: (name: string, key: string, value: unknown) =>
      entriesOf(name).set(key, { data: JSON.stringify(value), etag: `"${(version += 1)}"` }),
  };
}
