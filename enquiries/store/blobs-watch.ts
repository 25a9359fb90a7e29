/**
 * The owner's watch on Netlify Blobs: one blob, `watch`, in the index store, read with its ETag
 * and saved only over it (or only while none exists), so two function instances never overwrite
 * each other's incident. Blobs cannot count records without listing them, so the state keeps what
 * waits: the retry job's `recount` lists the pending entries of the index (due-index.ts) and reads
 * each new one once, for when it was received; `GET /api/health` reads the blob alone.
 */
import type { Store } from '@netlify/blobs';
import { storeCall } from './deadline.ts';
import type { StoreResult } from './store.ts';
import type { EnquiryIndex } from './due-index.ts';
import type { EnquiryRecord } from '../record.ts';
import type { Observed, Waiting, WatchState } from '../watch.ts';

const watchKey = 'watch';
/** New pending records one recount reads; the others are counted, their age read on the next. */
const readsPerRecount = 25;

type OpenStore = (fetch: typeof globalThis.fetch) => Store;
type ReadRecord = (id: string) => Promise<StoreResult<EnquiryRecord | undefined>>;

export function blobsWatch(open: OpenStore, index: EnquiryIndex, readRecord: ReadRecord) {
  const read = () =>
    storeCall(
      async (fetch) => {
        const found = await open(fetch).getWithMetadata(watchKey, { type: 'json' });
        if (found === null) return { state: {} as WatchState };
        if (!found.etag) throw Object.assign(new Error('No ETag'), { code: 'NO_ETAG' });
        return { state: (found.data ?? {}) as WatchState, version: found.etag };
      },
      { accept: [404] },
    );

  /** What waits now, from the index's pending entries, each new one's record read once. */
  async function recount(
    state: WatchState,
  ): Promise<StoreResult<{ waiting: Waiting; tracked: Record<string, number> }>> {
    const listed = await index.due(Number.MAX_SAFE_INTEGER);
    if (!listed.ok) return listed;
    const known = state.tracked ?? {};
    const tracked: Record<string, number> = {};
    let unread = 0;
    let reads = 0;
    for (const id of new Set(listed.value.map((entry) => entry.id))) {
      const receivedMs = known[id];
      if (receivedMs !== undefined) {
        tracked[id] = receivedMs;
        continue;
      }
      if (reads >= readsPerRecount) {
        unread += 1;
        continue;
      }
      reads += 1;
      const record = await readRecord(id);
      // An entry whose record moved on (or is gone) is one the job drops: nothing waits there.
      if (!record.ok) unread += 1;
      else if (record.value?.status === 'pending') tracked[id] = Date.parse(record.value.receivedAt);
    }
    const times = Object.values(tracked).filter(Number.isFinite);
    const oldest = times.length > 0 ? new Date(Math.min(...times)).toISOString() : undefined;
    const waiting = {
      count: Object.keys(tracked).length + unread,
      ...(oldest ? { oldestReceivedAt: oldest } : {}),
    };
    return { ok: true, value: { waiting, tracked } };
  }

  return {
    async observe({ recount: fresh = false } = {}): Promise<StoreResult<Observed>> {
      const found = await read();
      if (!found.ok) return found;
      const { state, version } = found.value;
      const kept = { ...(version ? { version } : {}) };
      if (!fresh) return { ok: true, value: { waiting: state.waiting ?? { count: 0 }, state, ...kept } };
      const counted = await recount(state);
      if (!counted.ok) return counted;
      const { waiting, tracked } = counted.value;
      return { ok: true, value: { waiting, state: { ...state, waiting, tracked }, ...kept } };
    },
    saveWatch: (state: WatchState, version: string | undefined) =>
      storeCall(
        async (fetch) => {
          const options = version === undefined ? { onlyIfNew: true as const } : { onlyIfMatch: version };
          return (await open(fetch).setJSON(watchKey, state, options)).modified;
        },
        { accept: [412] },
      ),
  };
}
