/**
 * The Blobs store's count of its records, at most every ten minutes (a count lists every record):
 * how many it holds, for the store's cap. The last count stands until the next; a count that
 * failed is tried again at the next one, not at every run.
 */
import type { EnquiryIndex } from './due-index.ts';
import type { StoreResult } from './store.ts';

const censusEveryMs = 10 * 60_000;

/** `countAll`: every record's id, listed (the costly part). */
export async function takeCensus(
  index: EnquiryIndex,
  countAll: () => Promise<StoreResult<number>>,
  nowMs: number,
): Promise<StoreResult<number>> {
  const census = await index.census();
  if (!census.ok) return census;
  if (census.value && nowMs - census.value.countedAt < censusEveryMs) {
    return { ok: true, value: census.value.records };
  }
  const counted = await countAll();
  const records = counted.ok ? counted.value : (census.value?.records ?? 0);
  const saved = await index.saveCensus({ records, countedAt: nowMs });
  if (!counted.ok) return counted;
  return saved.ok ? { ok: true, value: records } : saved;
}
