/**
 * Accept, store, then send: a valid enquiry gets its id and is written to the store before the one
 * SMTP attempt made while the visitor waits. It counts as received when it is stored or sent; only
 * when it is neither does the visitor get an error (`cause`: the store, or the send too). A store
 * out of order (`outOfOrder`) refuses it without a send. With mail not configured it is only stored,
 * pending with the reason `not_configured`, for the retry job to send once mail is configured; so
 * is one arriving while the host stops (`stopping`), due at once, for the next start's job to send:
 * a stop starts no new send, and refuses (503) only what it cannot store.
 * The same id twice (the same submission id and content: record.ts) is answered as received once
 * more, marked `duplicate`, and never mailed again; while the first is still being handled, the
 * second waits for it and gets the same answer. A send whose record the store did not confirm
 * (its answer late or an error: it may have been written) is saved as delivered once the store
 * answers again, so the job never mails it a second time; so is a send whose "delivered" the
 * store refused, while its lease keeps the job off it.
 */
import { attemptDelivery, type DeliveryDeps } from './send.ts';
import { saveDeliveredLater } from './saving-delivered.ts';
import { enquiryId, markDelivered, newRecord, newUnsentRecord } from './record.ts';
import { logOutcome } from './log-outcome.ts';
import type { MailRoute } from './mail-settings.ts';
import { outOfOrder } from './store/store.ts';
import { updateWatch, type WatchFacts } from './incident.ts';
import { sendFailure } from './watch.ts';
import type { AlertPost } from './alerts.ts';
import type { Env } from '../src/lib/shared/env.ts';
import type { Enquiry } from '../src/lib/shared/enquiry.ts';

/**
 * `stopping`: aborted once the host has begun to stop (`npm start` on SIGTERM): no new send starts.
 * `env`: where the owner's alerts go (incident.ts); without it, a failed send alerts no one here.
 */
export type AcceptDeps = Omit<DeliveryDeps, 'route'> & {
  stopping?: AbortSignal;
  env?: Env;
  post?: AlertPost;
};

interface Submission {
  enquiry: Enquiry;
  submissionId: unknown;
  possibleSpam: boolean;
}

/** Received (stored or sent: the visitor is told so; `duplicate` when received before), or neither, and why. */
type Accepted = { ok: true; duplicate?: true } | { ok: false; cause: 'store' | 'send' };

/** Keeps work that outlives the visitor's answer running (Netlify's `context.waitUntil`). */
export type WaitUntil = (work: Promise<unknown>) => void;

export type AcceptEnquiry = (
  submission: Submission,
  route: MailRoute,
  waitUntil?: WaitUntil,
) => Promise<Accepted>;

/** The accept step, with its own memory of the enquiries it is handling right now. */
export function createEnquiryAcceptor(deps: AcceptDeps): AcceptEnquiry {
  const inProgress = new Map<string, Promise<Accepted>>();
  return async (submission, route, waitUntil) => {
    const id = enquiryId(submission.submissionId, submission.enquiry, deps.now());
    const running = inProgress.get(id);
    if (running) {
      const first = await running;
      if (!first.ok) return first;
      logOutcome('duplicate', { id });
      return { ok: true, duplicate: true };
    }
    const accepting = accept(id, submission, route, deps, waitUntil);
    inProgress.set(id, accepting);
    try {
      return await accepting;
    } finally {
      inProgress.delete(id);
    }
  };
}

async function accept(
  id: string,
  submission: Submission,
  route: MailRoute,
  deps: AcceptDeps,
  waitUntil: WaitUntil = () => undefined,
): Promise<Accepted> {
  const nowMs = deps.now();
  const stopping = deps.stopping?.aborted === true;
  const configured = route.kind === 'smtp' && !stopping;
  const { enquiry, possibleSpam } = submission;
  const record = configured
    ? newRecord(id, enquiry, possibleSpam, nowMs)
    : newUnsentRecord(id, enquiry, possibleSpam, nowMs, stopping ? undefined : 'not_configured');
  const flagged = submission.possibleSpam ? 'too-fast' : undefined;

  const stored = await deps.store.create(record);
  if (stored.ok && !stored.value) {
    logOutcome('duplicate', { id });
    return { ok: true, duplicate: true };
  }
  if (!stored.ok) logOutcome('store_failed', { id, code: stored.code });
  if (!stored.ok && (!configured || outOfOrder.has(stored.code))) return { ok: false, cause: 'store' };

  if (!configured) {
    // One line per kept enquiry, naming why: never what the visitor wrote.
    const problem = route.kind === 'smtp' ? undefined : JSON.stringify(route.problem);
    const why = stopping ? { reason: 'stopping' } : { reason: record.reason, problem };
    logOutcome('kept', { id, ...why, flagged });
    if (!stopping) {
      const at = record.receivedAt;
      watch(deps, waitUntil, {
        lastFailure: { at, kind: 'not_configured', code: 'NOT_CONFIGURED' },
        pendingSince: at,
      });
    }
    return { ok: true };
  }

  const attempt = await attemptDelivery(record, { ...deps, route }, stored.ok);
  // `unmarked`: stored, sent, and "delivered" not saved (the retry job marks it, never re-sends it).
  const wasStored = !stored.ok ? 'no' : attempt.delivered && !attempt.saved ? 'unmarked' : 'yes';
  // Sent, and "delivered" not saved (the store refused it, or never confirmed the record): saved
  // later, for as long as this instance runs. The lease keeps any other sender off it meanwhile,
  // the job on Netlify included, which shares no memory with this function.
  const unmarked = stored.ok ? attempt.delivered && !attempt.saved : stored.code !== 'STORE_FULL';
  if (attempt.delivered && unmarked) waitUntil(saveDeliveredLater(markDelivered(record, deps.now()), deps));
  if (attempt.delivered) {
    logOutcome('sent', { id, via: attempt.delivery.via, stored: wasStored, flagged });
    return { ok: true };
  }
  const { code, responseCode, command } = attempt.error;
  logOutcome('send_failed', { id, via: route.kind, code, responseCode, command, stored: wasStored });
  if (!stored.ok) return { ok: false, cause: 'send' };
  watch(deps, waitUntil, {
    lastFailure: sendFailure(attempt.error, deps.now()),
    pendingSince: record.receivedAt,
  });
  // The failed attempt's own next try, once saved; else its lease's end brings it back.
  logOutcome('queued', { id, retryAt: attempt.retryAt ?? record.nextAttemptAt });
  return { ok: true };
}

/** The owner's watch brought up to date after the answer (incident.ts): the visitor never waits on it. */
function watch(deps: AcceptDeps, waitUntil: WaitUntil, facts: WatchFacts): void {
  if (deps.env) waitUntil(updateWatch({ ...deps, env: deps.env }, facts));
}
