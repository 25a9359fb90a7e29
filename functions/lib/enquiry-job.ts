/**
 * The scheduled job over every stored enquiry: re-sends the pending ones whose backoff has run
 * out, marks failed those pending for 24 hours (logged `outcome=undeliverable`), and deletes
 * delivered ones after 30 days and failed ones after 90; with mail not configured, only the
 * deleting (the record's rules, `dueAction`). Stops starting work past its time budget
 * so a run always ends well within Netlify's 30 s limit. Never throws.
 */
import { attemptDelivery, type DeliveryDeps } from './enquiry-delivery.ts';
import { dueAction, markUndeliverable, startAttempt, type EnquiryRecord } from './enquiry-record.ts';
import { logOutcome } from './log-outcome.ts';
import type { MailRoute } from './mail-settings.ts';

/**
 * How long one run may start new work, and the time limit of each send it makes: with every
 * storage request at its own limit too, the slowest possible run still ends within Netlify's 30 s.
 */
export const jobBudgetMs = 5000;
export const jobSendLimitMs = 8000;
/** Records handled side by side. */
const concurrency = 4;

interface JobSummary {
  checked: number;
  delivered: number;
  retried: number;
  undeliverable: number;
  deleted: number;
  storeErrors: number;
}

type JobDeps = Omit<DeliveryDeps, 'route'> & { route: MailRoute };

export async function runEnquiryJob(given: JobDeps): Promise<JobSummary> {
  const deps =
    given.route.kind === 'smtp'
      ? {
          ...given,
          route: { ...given.route, sendTimeoutMs: Math.min(given.route.sendTimeoutMs, jobSendLimitMs) },
        }
      : given;
  const summary: JobSummary = {
    checked: 0,
    delivered: 0,
    retried: 0,
    undeliverable: 0,
    deleted: 0,
    storeErrors: 0,
  };
  const started = deps.now();
  const listed = await deps.store.ids();
  if (!listed.ok) {
    logOutcome('store_failed', { job: 'retry', code: listed.code });
    summary.storeErrors += 1;
    return summary;
  }

  const queue = [...listed.value];
  const worker = async () => {
    for (let id = queue.shift(); id !== undefined; id = queue.shift()) {
      if (deps.now() - started > jobBudgetMs) return;
      await handle(id, deps, summary);
    }
  };
  await Promise.all(Array.from({ length: concurrency }, worker));
  return summary;
}

async function handle(id: string, deps: JobDeps, summary: JobSummary): Promise<void> {
  const read = await deps.store.get(id);
  if (!read.ok || !read.value) {
    if (!read.ok) summary.storeErrors += 1;
    return;
  }
  summary.checked += 1;
  const record = read.value;
  const { route } = deps;
  const action = dueAction(record, deps.now(), route.kind === 'smtp');
  if (action === 'delete') {
    const removed = await deps.store.remove(id);
    if (removed.ok) summary.deleted += 1;
    else summary.storeErrors += 1;
  } else if (action === 'give-up') {
    await giveUp(record, deps, summary);
  } else if (action === 'retry' && route.kind === 'smtp') {
    await retry(record, { ...deps, route }, summary);
  }
}

async function giveUp(record: EnquiryRecord, deps: JobDeps, summary: JobSummary): Promise<void> {
  const saved = await deps.store.save(markUndeliverable(record, deps.now()));
  if (!saved.ok) {
    summary.storeErrors += 1;
    return;
  }
  summary.undeliverable += 1;
  logOutcome('undeliverable', { id: record.id, attempts: record.attempts, code: record.lastError?.code });
}

async function retry(record: EnquiryRecord, deps: DeliveryDeps, summary: JobSummary): Promise<void> {
  // The lease is stored before sending, so an overlapping run leaves this record alone.
  const leased = startAttempt(record, deps.now());
  const saved = await deps.store.save(leased);
  if (!saved.ok) {
    summary.storeErrors += 1;
    return;
  }
  summary.retried += 1;
  const attempt = await attemptDelivery(leased, deps);
  if (attempt.delivered) {
    summary.delivered += 1;
    logOutcome('sent', { id: record.id, attempt: leased.attempts, via: attempt.delivery.via });
  } else {
    const { code, responseCode, command } = attempt.error;
    logOutcome('send_failed', { id: record.id, attempt: leased.attempts, code, responseCode, command });
  }
}
