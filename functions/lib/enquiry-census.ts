/**
 * The retry job's count of the store, at most every ten minutes: how many records it holds, for
 * the store's cap (enquiry-store.ts). Until one count has found every record in the index, it also
 * indexes those that are not (records kept before the index existed), a few seconds' worth a run.
 * Answers whether every store call succeeded; never throws.
 */
import { indexKey } from './enquiry-index.ts';
import type { EnquiryStore } from './enquiry-store.ts';
import { logOutcome } from './log-outcome.ts';

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
  if (!ids.ok) return false;
  const records = ids.value.length;
  if (records >= capRecords)
    logOutcome('store_failed', { job: 'retry', code: 'STORE_FULL', records, cap: capRecords });

  let indexed = census.value?.indexed === true;
  if (!indexed) {
    const listed = await store.index.indexedIds();
    if (!listed.ok) return false;
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
  return (await store.index.saveCensus({ records, countedAt: started, indexed })).ok;
}
