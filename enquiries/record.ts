/**
 * One stored enquiry and the rules of its life: its id (from the form's submission id, else from
 * its content), when to try again after a failed send, when to give up and when to forget it.
 * An enquiry kept while mail is not configured waits, however long, until a send can be tried:
 * the give-up clock starts at the first real attempt. Pure: no I/O, no clock of its own.
 */
import { createHash } from 'node:crypto';
import type { Enquiry } from '../src/lib/shared/enquiry.ts';
import { enquiryPolicy } from '../src/lib/shared/enquiry-policy.ts';

type EnquiryStatus = 'pending' | 'delivered' | 'failed';

/** Why a pending enquiry is still waiting, when it is not a failed send (see `lastError`). */
export type PendingReason = 'not_configured';

/** What may be kept of a send failure: codes only, never the server's text or an address. */
export interface SendError {
  code: string;
  responseCode?: number;
  command?: string;
}

export interface EnquiryRecord {
  id: string;
  /** ISO timestamps. */
  receivedAt: string;
  status: EnquiryStatus;
  /** Send attempts made so far (the one at submit time included); 0 while mail is not configured. */
  attempts: number;
  /** Why a pending enquiry has not been sent: `not_configured` until the first real attempt. */
  reason?: PendingReason;
  /** When the first real send attempt started: the 24 hours before giving up count from here. */
  firstAttemptAt?: string;
  /** Not retried before this moment; also holds off a second sender while one attempt runs. */
  nextAttemptAt: string;
  /**
   * When a send was handed to the mail server: saved before the send, cleared with its outcome.
   * Set on a record no one is sending (its lease over), the outcome was never saved: it is sent
   * again, with the same Message-ID.
   */
  sendingSince?: string;
  deliveredAt?: string;
  failedAt?: string;
  lastError?: SendError;
  /** When `lastError` happened (ISO); absent on records saved before it was kept. */
  lastErrorAt?: string;
  /** Set by `npm run enquiries -- --resend`: the 24 hours of retries count from here. */
  requeuedAt?: string;
  /** Sent too soon after the form was shown: delivered with a "[Possible spam]" subject. */
  possibleSpam: boolean;
  enquiry: Enquiry;
}

/** A submission id from the form: a UUID or similar, never anything that could be a path. */
const submissionIdPattern = /^[A-Za-z0-9-]{16,64}$/;

const digest = (text: string) => createHash('sha256').update(text).digest('hex').slice(0, 32);

/**
 * The enquiry's id. The submission id of the form's showing with the content makes a double click
 * or a re-post the same enquiry; without one (no JavaScript) the content on the same UTC day stands
 * in for it. The content counts with the submission id too: a tab opened from another starts with
 * a copy of its draft, submission id included, and an id must never swallow an enquiry it has not
 * seen (a different message under a known submission id is an enquiry of its own).
 */
export function enquiryId(submissionId: unknown, enquiry: Enquiry, nowMs: number): string {
  if (typeof submissionId === 'string' && submissionIdPattern.test(submissionId)) {
    return digest(`submission:${submissionId}:${JSON.stringify(enquiry)}`);
  }
  const dayStamp = new Date(nowMs).toISOString().slice(0, 10);
  return digest(`content:${dayStamp}:${JSON.stringify(enquiry)}`);
}

export function isEnquiryId(value: string): boolean {
  return /^[0-9a-f]{32}$/.test(value);
}

function backoffMs(attempts: number): number {
  const doublings = Math.max(0, Math.min(attempts - 1, 16));
  return Math.min(enquiryPolicy.firstBackoffMs * 2 ** doublings, enquiryPolicy.maxBackoffMs);
}

/** A new pending record whose first attempt starts now (so no retry runs beside it). */
export function newRecord(id: string, enquiry: Enquiry, possibleSpam: boolean, nowMs: number): EnquiryRecord {
  const at = new Date(nowMs).toISOString();
  const received = { id, receivedAt: at, status: 'pending', attempts: 0, nextAttemptAt: at } as const;
  return startAttempt({ ...received, possibleSpam, enquiry }, nowMs);
}

/**
 * A new pending record kept unsent: no attempt made, due at once (as soon as mail is configured,
 * for `not_configured`), and never given up or deleted before an attempt. Without a reason: kept
 * by a server stopping, for the next start to send.
 */
export function newUnsentRecord(
  id: string,
  enquiry: Enquiry,
  possibleSpam: boolean,
  nowMs: number,
  reason: PendingReason | undefined = 'not_configured',
): EnquiryRecord {
  const at = new Date(nowMs).toISOString();
  const record = { id, receivedAt: at, status: 'pending', attempts: 0, nextAttemptAt: at } as const;
  return { ...record, ...(reason && { reason }), possibleSpam, enquiry };
}

/** The record as an attempt starts: counted, marked as being sent, and leased for the send. */
export function startAttempt(record: EnquiryRecord, nowMs: number): EnquiryRecord {
  const { reason: _, ...rest } = record;
  const at = new Date(nowMs).toISOString();
  return {
    ...rest,
    status: 'pending',
    attempts: record.attempts + 1,
    firstAttemptAt: record.firstAttemptAt ?? (record.attempts > 0 ? record.receivedAt : at),
    sendingSince: at,
    nextAttemptAt: new Date(nowMs + enquiryPolicy.sendLeaseMs).toISOString(),
  };
}

export function markDelivered(record: EnquiryRecord, nowMs: number): EnquiryRecord {
  const { lastError: _, lastErrorAt: __, sendingSince: ___, ...rest } = record;
  return { ...rest, status: 'delivered', deliveredAt: new Date(nowMs).toISOString() };
}

/** A failed attempt: due again once its backoff (1, 2, 4 … 60 minutes) from now has run out. */
export function markFailedAttempt(record: EnquiryRecord, error: SendError, nowMs: number): EnquiryRecord {
  const { sendingSince: _, ...rest } = record;
  const nextAttemptAt = new Date(nowMs + backoffMs(record.attempts)).toISOString();
  return { ...rest, lastError: error, lastErrorAt: new Date(nowMs).toISOString(), nextAttemptAt };
}

export function markUndeliverable(record: EnquiryRecord, nowMs: number): EnquiryRecord {
  return { ...record, status: 'failed', failedAt: new Date(nowMs).toISOString() };
}

/** Back in the queue: pending again, due now, with a fresh 24 hours before it is given up. */
export function requeue(record: EnquiryRecord, nowMs: number): EnquiryRecord {
  const { failedAt: _, ...rest } = record;
  const at = new Date(nowMs).toISOString();
  return { ...rest, status: 'pending', requeuedAt: at, nextAttemptAt: at };
}

type Due = 'retry' | 'give-up' | 'delete' | 'wait';

/** Whether a pending record is waiting for mail to be configured (listed as such). */
export function awaitsMailConfiguration(record: EnquiryRecord): boolean {
  return record.status === 'pending' && record.attempts === 0;
}

/**
 * What the scheduled job should do with a record now. `mailConfigured` false: a pending record
 * waits, whatever its age (no send can be tried, so nothing is given up).
 */
export function dueAction(record: EnquiryRecord, nowMs: number, mailConfigured = true): Due {
  const since = (iso: string | undefined) => nowMs - Date.parse(iso ?? record.receivedAt);
  if (record.status === 'delivered') {
    return since(record.deliveredAt) > enquiryPolicy.deleteDeliveredAfterMs ? 'delete' : 'wait';
  }
  if (record.status === 'failed') {
    return since(record.failedAt) > enquiryPolicy.deleteFailedAfterMs ? 'delete' : 'wait';
  }
  if (!mailConfigured) return 'wait';
  // The clock starts at the first real attempt (records older than that field: at receipt).
  const clockStart = record.requeuedAt ?? record.firstAttemptAt;
  const attempted = record.attempts > 0;
  if (attempted && since(clockStart) > enquiryPolicy.giveUpAfterMs) return 'give-up';
  return Date.parse(record.nextAttemptAt) <= nowMs ? 'retry' : 'wait';
}
