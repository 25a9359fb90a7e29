/**
 * The retry job's count of the store, at most every ten minutes: how many records it holds, for
 * the store's cap (records.ts). Until one count has found every record in the index, it also
 * indexes those that are not (records kept before the index existed), a few seconds' worth a run.
 * Answers whether every store call succeeded; never throws.
 */
import { indexKey } from './due-index.ts';
import type { EnquiryStore } from './records.ts';
import { logOutcome } from '../log-outcome.ts';

const censusEveryMs = 10 * 60_000;
/** How long one run may spend indexing records kept before the index. */
const reindexBudgetMs = 5000;

interface CensusDeps {
  store: EnquiryStore;
  now: () => number;
}

export async function takeCensus({ store, now }: CensusDeps, capRecords: number): Promise<boolean> {
  const started = now();
  const census = await store.index.census();
  if (!census.ok) return false;
  if (census.value && started - census.value.countedAt < censusEveryMs) return true;
  const ids = await store.ids();
  if (!ids.ok) {
    // Tried again at the next count, not at every run: the last count stands until then.
    const last = census.value ?? { records: 0, indexed: false };
    await store.index.saveCensus({ ...last, countedAt: started });
    logOutcome('store_failed', { job: 'census', code: ids.code });
    return false;
  }
  const records = ids.value.length;
  if (records >= capRecords)
    logOutcome('store_failed', { job: 'retry', code: 'STORE_FULL', records, cap: capRecords });

  let indexed = census.value?.indexed === true;
  const listed = indexed ? undefined : await store.index.indexedIds();
  if (listed?.ok) {
    const missing = ids.value.filter((id) => !listed.value.has(id));
    let done = 0;
    for (const id of missing) {
      if (now() - started > reindexBudgetMs) break;
      const read = await store.get(id);
      const key = read.ok && read.value ? indexKey(read.value) : undefined;
      if (read.ok && (!key || (await store.index.add(key)).ok)) done += 1;
    }
    indexed = done === missing.length;
  }
  // Indexing not finished: count again at the next run rather than in ten minutes.
  const countedAt = listed?.ok && !indexed ? 0 : started;
  const saved = await store.index.saveCensus({ records, countedAt, indexed });
  return saved.ok && listed?.ok !== false;
}
