/**
 * The scheduled job over what the store lists as due (store/store.ts), so its work grows with what
 * is due, never with the store: re-sends the pending enquiries whose backoff has run out, marks
 * failed those pending for 24 hours (logged `outcome=undeliverable`), deletes delivered ones after
 * 30 days and failed ones after 90, and counts the records for the store's cap (a count that lists
 * every record runs at most every ten minutes). With mail not configured it only deletes and
 * counts: the pending records (`not_configured` among them) stay listed as due, untouched, and are
 * sent once mail is configured. The listings come first, each bounded by its own deadline; then it
 * stops starting work past its time budget, or once asked to stop (`signal`: a server shutting
 * down), so a run normally ends well within Netlify's 30 s limit (one cut off there loses nothing:
 * see below); what it has started, it finishes. Never throws.
 *
 * Exactly once: a run takes a record by writing its lease only if the record is still the version
 * it read, so of two overlapping runs (two servers on one store included) one sends and the other
 * skips it; a new record is written with its first attempt's lease, so no run takes it while the
 * visitor's request sends it. A run that dies after sending and before saving "delivered" leaves
 * the record leased: it is sent again, with the same Message-ID, only once the lease has run out
 * (ten minutes, far past any send's time limit: enquiryPolicy.sendLeaseMs).
 */
import { attemptDelivery, sendingHere, type DeliveryDeps } from './send.ts';
import { saveDelivered, sentUnsaved } from './saving-delivered.ts';
import { listingKey, orphanAfterMs, type Listed } from './store/store.ts';
import { dueAction, markDelivered, markUndeliverable, startAttempt, type EnquiryRecord } from './record.ts';
import { logOutcome } from './log-outcome.ts';
import type { MailRoute } from './mail-settings.ts';
import { storeCapRecords } from '../src/lib/shared/enquiry-policy.ts';
import { sendFailure, type SendFailure } from './watch.ts';

/**
 * How long one run may start new work after listing it, and the time limit of each send it makes
 * (every store call has its own deadline too).
 */
const jobBudgetMs = 5000;
const jobSendLimitMs = 8000;
/** Records handled side by side. */
const concurrency = 4;

interface JobSummary {
  checked: number;
  delivered: number;
  retried: number;
  /** Taken by an overlapping run between this one's read and its lease. */
  skipped: number;
  undeliverable: number;
  deleted: number;
  storeErrors: number;
  /** The run's last send failure and last delivery, for the owner's watch (incident.ts). */
  lastFailure?: SendFailure;
  lastDeliveredAt?: string;
}

type JobDeps = Omit<DeliveryDeps, 'route'> & { route: MailRoute; signal?: AbortSignal };
type Task = (summary: JobSummary) => Promise<void>;

export async function runEnquiryJob(deps: JobDeps): Promise<JobSummary> {
  const summary: JobSummary = {
    checked: 0,
    delivered: 0,
    retried: 0,
    skipped: 0,
    undeliverable: 0,
    deleted: 0,
    storeErrors: 0,
  };
  const { route } = deps;
  // Without mail nothing pending can be sent or given up: its due entries are left as they are.
  const sendDeps =
    route.kind === 'smtp'
      ? { ...deps, route: { ...route, sendTimeoutMs: Math.min(route.sendTimeoutMs, jobSendLimitMs) } }
      : undefined;
  const nowMs = deps.now();
  const noneDue = { ok: true, value: [] } as const;
  const listed = await Promise.all([sendDeps ? deps.store.due(nowMs) : noneDue, deps.store.purgeable(nowMs)]);
  const [due, purge] = listed.map((result) => {
    if (result.ok) return result.value;
    logOutcome('store_failed', { job: 'retry', code: result.code });
    summary.storeErrors += 1;
    return [];
  });

  const queues: Task[][] = [
    sendDeps ? (due ?? []).map((entry) => (s) => handleDue(entry, sendDeps, s)) : [],
    (purge ?? []).map((entry) => (s) => handlePurge(entry, deps, s)),
  ];
  // The budget counts from here: the listings have deadlines of their own.
  const started = deps.now();
  // One worker starts on the purge, so deletions keep their schedule while mail is busy.
  const worker = async (first: number) => {
    for (const queue of [queues[first] ?? [], queues[1 - first] ?? []]) {
      for (let task = queue.shift(); task !== undefined; task = queue.shift()) {
        if (deps.now() - started > jobBudgetMs || deps.signal?.aborted) return;
        await task(summary);
      }
    }
  };
  await Promise.all(Array.from({ length: concurrency }, (_, i) => worker(i === 0 ? 1 : 0)));
  // A run that used its budget leaves the count (a listing of every record) to the next.
  if (deps.now() - started <= jobBudgetMs && !deps.signal?.aborted) await count(deps, summary);
  return summary;
}

async function count(deps: JobDeps, summary: JobSummary): Promise<void> {
  const counted = await deps.store.count(deps.now());
  if (!counted.ok) {
    summary.storeErrors += 1;
    logOutcome('store_failed', { job: 'census', code: counted.code });
  } else if (counted.value >= storeCapRecords) {
    logOutcome('store_failed', {
      job: 'retry',
      code: 'STORE_FULL',
      records: counted.value,
      cap: storeCapRecords,
    });
  }
}

async function forget(key: string, deps: JobDeps, summary: JobSummary): Promise<void> {
  if (!(await deps.store.settle(key)).ok) summary.storeErrors += 1;
}

async function handleDue(entry: Listed, deps: DeliveryDeps, summary: JobSummary): Promise<void> {
  const read = await deps.store.readVersioned(entry.id);
  if (!read.ok) {
    summary.storeErrors += 1;
    return;
  }
  // An entry is written just before its record's new version: only one due for a while and
  // still not matching its record was left behind (the record moved on, or never came).
  const leftBehind = entry.atMs < deps.now() - orphanAfterMs;
  if (!read.value || listingKey(read.value.record) !== entry.key) {
    if (leftBehind) await forget(entry.key, deps, summary);
    return;
  }
  summary.checked += 1;
  const { record, version } = read.value;
  const action = dueAction(record, deps.now(), true);
  if (action === 'give-up') await giveUp(record, version, deps, summary);
  else if (action === 'retry') await retry(record, version, deps, summary);
}

async function giveUp(record: EnquiryRecord, version: string, deps: DeliveryDeps, summary: JobSummary) {
  const saved = await deps.store.save(markUndeliverable(record, deps.now()), version);
  if (!saved.ok) summary.storeErrors += 1;
  if (!saved.ok || !saved.value) return;
  summary.undeliverable += 1;
  logOutcome('undeliverable', { id: record.id, attempts: record.attempts, code: record.lastError?.code });
  await forget(listingKey(record) ?? '', deps, summary);
}

async function retry(record: EnquiryRecord, version: string, deps: DeliveryDeps, summary: JobSummary) {
  const wasDue = listingKey(record) ?? '';
  if (sentUnsaved(record.id, deps)) {
    // Sent by this process, its "delivered" not saved then: save it now, never send it twice.
    if (await saveDelivered(markDelivered(record, deps.now()), deps)) await forget(wasDue, deps, summary);
    return;
  }
  if (sendingHere(record.id, deps)) {
    // Sent by this process right now (its lease over only by the wall clock): never a second send.
    summary.skipped += 1;
    return;
  }
  const leased = startAttempt(record, deps.now());
  const claimed = await deps.store.save(leased, version);
  if (!claimed.ok) {
    summary.storeErrors += 1;
    return;
  }
  if (!claimed.value) {
    summary.skipped += 1;
    return;
  }
  await forget(wasDue, deps, summary);
  summary.retried += 1;
  const attempt = await attemptDelivery(leased, deps);
  if (attempt.delivered) {
    summary.delivered += 1;
    summary.lastDeliveredAt = new Date(deps.now()).toISOString();
    const stored = attempt.saved ? 'yes' : 'unmarked';
    logOutcome('sent', { id: record.id, attempt: leased.attempts, via: attempt.delivery.via, stored });
    if (attempt.saved) await forget(listingKey(leased) ?? '', deps, summary);
  } else {
    const { code, responseCode, command } = attempt.error;
    summary.lastFailure = sendFailure(attempt.error, deps.now());
    logOutcome('send_failed', { id: record.id, attempt: leased.attempts, code, responseCode, command });
  }
}

async function handlePurge(entry: Listed, deps: JobDeps, summary: JobSummary): Promise<void> {
  const read = await deps.store.readRecord(entry.id);
  if (!read.ok) {
    summary.storeErrors += 1;
    return;
  }
  const record = read.value;
  if (record && listingKey(record) === entry.key) {
    summary.checked += 1;
    if (dueAction(record, deps.now(), deps.route.kind === 'smtp') !== 'delete') return; // later today
    const removed = await deps.store.remove(entry.id);
    if (!removed.ok) {
      summary.storeErrors += 1;
      return;
    }
    summary.deleted += 1;
  }
  await forget(entry.key, deps, summary);
}
