/**
 * Saving a send's outcome. "Delivered", once the mail server has accepted an enquiry: retried,
 * never the send. While it has not been saved, the id is remembered (`unsaved`: the handler's own,
 * or one a host shares between the contact function and the retry job), so the job marks it
 * rather than mailing it again. A failed attempt: only over the lease it ran under.
 * Never throws.
 */
import { logOutcome } from './log-outcome.ts';
import { markFailedAttempt, type EnquiryRecord, type SendError } from './record.ts';
import type { EnquiryStore } from './store/store.ts';
import { storeDeadlineMs } from './store/deadline.ts';

interface SavingDeps {
  store: EnquiryStore;
  now: () => number;
  /** Ids sent and not yet saved as delivered, owned by whoever creates the handlers (send.ts). */
  unsaved: Set<string>;
}

/** Pauses before each try of saving "delivered": three tries within about a second and a half. */
const savePausesMs = [0, 250, 1000];
/** The longest those tries take, each store call within its deadline. */
export const longestDeliveredSaveMs = savePausesMs.reduce((sum, ms) => sum + ms + storeDeadlineMs, 0);
/** The same, for a send whose record the store did not confirm: about two minutes in all, if the process lives. */
const laterPausesMs = [0, 1000, 2000, 5000, 10_000, 20_000, 30_000, 60_000];
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Whether this process sent `id` and could not yet save it as delivered. */
export function sentUnsaved(id: string, deps: Pick<SavingDeps, 'unsaved'>): boolean {
  return deps.unsaved.has(id);
}

/**
 * Tries to save `record` after each pause in turn, until one save lands (then the id is no longer
 * unsaved) or `givenUp` says another party has saved it; logs the last failure otherwise.
 */
async function saveWithPauses(
  record: EnquiryRecord,
  unsaved: Set<string>,
  pausesMs: readonly number[],
  givenUp: () => boolean,
  deps: SavingDeps,
): Promise<boolean> {
  let code = '';
  for (const ms of pausesMs) {
    if (ms > 0) await pause(ms);
    if (givenUp()) return true;
    const saved = await deps.store.save(record);
    if (saved.ok) {
      unsaved.delete(record.id);
      return true;
    }
    code = saved.code;
  }
  logOutcome('store_failed', { id: record.id, what: 'delivered', code });
  return false;
}

/** Saves a record the mail server has accepted, trying again on failure. */
export async function saveDelivered(record: EnquiryRecord, deps: SavingDeps): Promise<boolean> {
  const { unsaved } = deps;
  const saved = await saveWithPauses(record, unsaved, savePausesMs, () => false, deps);
  if (!saved) unsaved.add(record.id);
  return saved;
}

/**
 * Saves "delivered" for a record sent while the store did not confirm it was written (it may have
 * been, with its answer late) or refused its "delivered": until the store answers, the id counts
 * as sent and unsaved, so this process's job marks it rather than mailing it again, and the save
 * is tried again for about two minutes, well within the send's lease, while this process runs
 * (on Netlify, the function's instance may end sooner: then the lease's end sends it again, with
 * the same Message-ID). Never throws.
 */
export async function saveDeliveredLater(record: EnquiryRecord, deps: SavingDeps): Promise<boolean> {
  const { unsaved } = deps;
  unsaved.add(record.id);
  // Marked by the job meanwhile: nothing left to save.
  return saveWithPauses(record, unsaved, laterPausesMs, () => !unsaved.has(record.id), deps);
}

/**
 * Saves a failed attempt over the record exactly as `leased` left it (a save conditional on the
 * version read), so a failure never overwrites "delivered" or another sender's newer lease. The
 * saved next attempt's time (ISO); undefined when the record has moved on, or the store did not
 * answer: the lease then brings it back.
 */
export async function saveFailedAttempt(
  leased: EnquiryRecord,
  error: SendError,
  deps: SavingDeps,
): Promise<string | undefined> {
  const read = await deps.store.readVersioned(leased.id);
  if (!read.ok || !read.value) return undefined;
  const { record, version } = read.value;
  const ours =
    record.status === 'pending' &&
    record.attempts === leased.attempts &&
    record.sendingSince === leased.sendingSince;
  if (!ours) return undefined;
  const failed = markFailedAttempt(record, error, deps.now());
  const saved = await deps.store.save(failed, version);
  return saved.ok && saved.value ? failed.nextAttemptAt : undefined;
}
