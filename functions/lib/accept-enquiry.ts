/**
 * Accept, store, then send: a valid enquiry gets its id and is written to the store before the one
 * SMTP attempt made while the visitor waits. It counts as received when it is stored or sent; only
 * when it is neither does the visitor get an error. The same id twice is answered as received
 * once more and never mailed again.
 */
import { attemptDelivery, type DeliveryDeps } from './enquiry-delivery.ts';
import { enquiryId, newRecord } from './enquiry-record.ts';
import { logOutcome } from './log-outcome.ts';
import type { Enquiry } from '../../src/lib/shared/enquiry.ts';

export type AcceptDeps = DeliveryDeps;

interface Submission {
  enquiry: Enquiry;
  submissionId: unknown;
  possibleSpam: boolean;
}

type Accepted = { ok: true; outcome: 'sent' | 'queued' | 'duplicate' } | { ok: false };

export async function acceptEnquiry(submission: Submission, deps: AcceptDeps): Promise<Accepted> {
  const nowMs = deps.now();
  const id = enquiryId(submission.submissionId, submission.enquiry, nowMs);
  const record = newRecord(id, submission.enquiry, submission.possibleSpam, nowMs);
  const flagged = submission.possibleSpam ? 'too-fast' : undefined;

  const stored = await deps.store.create(record);
  if (stored.ok && !stored.value.created) {
    logOutcome('duplicate', { id });
    return { ok: true, outcome: 'duplicate' };
  }
  if (!stored.ok) logOutcome('store_failed', { id, code: stored.code });

  const attempt = await attemptDelivery(record, deps, stored.ok);
  // `unmarked`: stored, sent, and "delivered" not saved (the retry job marks it, never re-sends it).
  const wasStored = !stored.ok ? 'no' : attempt.delivered && !attempt.saved ? 'unmarked' : 'yes';
  if (attempt.delivered) {
    const { delivery } = attempt;
    const file = delivery.via === 'outbox' ? delivery.file : undefined;
    logOutcome('sent', { id, via: delivery.via, file, stored: wasStored, flagged });
    return { ok: true, outcome: 'sent' };
  }
  const { code, responseCode, command } = attempt.error;
  logOutcome('send_failed', { id, via: deps.route.kind, code, responseCode, command, stored: wasStored });
  if (!stored.ok) return { ok: false };
  logOutcome('queued', { id, retryAt: record.nextAttemptAt });
  return { ok: true, outcome: 'queued' };
}
