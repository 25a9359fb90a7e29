/**
 * The Blobs store's index, so the scheduled job touches only what it has to do at any store size:
 * one key per pending record under `due/`, named by when it is due, and one per delivered or
 * failed record under `purge/{day}/`, the day it may be deleted (`listingKey`, store.ts). Kept in
 * a store of its own (`enquiries-index`) beside the records. An entry is written before the record
 * it describes, so a record is never without one; an entry left behind (a record since moved on)
 * is dropped by the job when it reaches it. Also holds the census: how many records the store held
 * when last counted (census.ts).
 */
import type { Store } from '@netlify/blobs';
import { storeCall } from './deadline.ts';
import type { Listed, StoreResult } from './store.ts';

export interface Census {
  records: number;
  countedAt: number;
}

const idPattern = '([0-9a-f]{32})';
const dueKeyPattern = new RegExp(`^due/(\\d{13})-${idPattern}$`);
const purgeKeyPattern = new RegExp(`^purge/(\\d{4}-\\d{2}-\\d{2})/${idPattern}$`);
const purgeDayPattern = /(\d{4}-\d{2}-\d{2})\/?$/;

function parseEntry(key: string): Listed | undefined {
  const due = dueKeyPattern.exec(key);
  if (due) return { key, id: due[2] ?? '', atMs: Number(due[1]) };
  const purge = purgeKeyPattern.exec(key);
  if (purge) return { key, id: purge[2] ?? '', atMs: Date.parse(purge[1] ?? '') };
  return undefined;
}

export interface EnquiryIndex {
  add(key: string): Promise<StoreResult<true>>;
  remove(key: string): Promise<StoreResult<true>>;
  due(nowMs: number): Promise<StoreResult<Listed[]>>;
  purgeable(nowMs: number): Promise<StoreResult<Listed[]>>;
  census(): Promise<StoreResult<Census | undefined>>;
  saveCensus(census: Census): Promise<StoreResult<true>>;
}

type OpenStore = (fetch: typeof globalThis.fetch) => Store;

/** `listDeadlineMs`: the deadline of a listing, which grows with what it lists (the job's only). */
export function openEnquiryIndex(open: OpenStore, listDeadlineMs: number): EnquiryIndex {
  const list = (prefix: string) =>
    storeCall(
      async (fetch) => {
        const { blobs } = await open(fetch).list({ prefix });
        return blobs.flatMap(({ key }) => parseEntry(key) ?? []).sort((a, b) => a.atMs - b.atMs);
      },
      { deadlineMs: listDeadlineMs },
    );

  return {
    add: (key) =>
      storeCall(async (fetch) => {
        await open(fetch).set(key, '');
        return true as const;
      }),
    remove: (key) =>
      storeCall(
        async (fetch) => {
          await open(fetch).delete(key);
          return true as const;
        },
        { accept: [404] },
      ),
    async due(nowMs) {
      const listed = await list('due/');
      return listed.ok ? { ok: true, value: listed.value.filter((entry) => entry.atMs <= nowMs) } : listed;
    },
    async purgeable(nowMs) {
      const days = await storeCall(
        async (fetch) => {
          const { directories } = await open(fetch).list({ prefix: 'purge/', directories: true });
          return directories.flatMap((name) => purgeDayPattern.exec(name)?.[1] ?? []);
        },
        { deadlineMs: listDeadlineMs },
      );
      if (!days.ok) return days;
      const entries: Listed[] = [];
      for (const name of days.value.filter((name) => Date.parse(name) <= nowMs).sort()) {
        const listed = await list(`purge/${name}/`);
        if (!listed.ok) return entries.length > 0 ? { ok: true, value: entries } : listed;
        entries.push(...listed.value);
      }
      return { ok: true, value: entries };
    },
    census: () =>
      storeCall(
        async (fetch) => {
          const value = (await open(fetch).get('census', { type: 'json' })) as Partial<Census> | null;
          return typeof value?.records === 'number' && typeof value.countedAt === 'number'
            ? { records: value.records, countedAt: value.countedAt }
            : undefined;
        },
        { accept: [404] },
      ),
    saveCensus: (census) =>
      storeCall(async (fetch) => {
        await open(fetch).setJSON('census', census);
        return true as const;
      }),
  };
}
