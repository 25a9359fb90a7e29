/**
 * The owner's watch over the enquiry path: what it keeps in the store (when the retry job last
 * ran, the last send failure and delivery, the incident an alert went out for) and what the store
 * shows of the enquiries still waiting. Judged by health.ts for `GET /api/health` and by
 * incident.ts for the alerts. Never a visitor's details: counts, times and codes only. Pure.
 */
import type { SendError } from './record.ts';

/**
 * What a send failure was, as the owner acts on it: `refused` (the mail server said no for good: a
 * 5xx answer or a refused login), `deferred` (a 4xx: try later), `timed_out`, `unreachable` (no
 * connection), `not_configured` (mail settings missing), `failed` (anything else).
 */
export type FailureKind = 'refused' | 'deferred' | 'timed_out' | 'unreachable' | 'not_configured' | 'failed';

export interface SendFailure {
  /** ISO time of the failure. */
  at: string;
  kind: FailureKind;
  code: string;
  responseCode?: number;
}

/** Why an incident was opened: an enquiry waited too long, mail was refused, or the store failed. */
export type IncidentCause = 'waiting' | 'refused' | 'store';

export interface Incident {
  openedAt: string;
  cause: IncidentCause;
  /** The opening alert: being sent since (ISO), sent, or failed (its failure logged once). */
  alert: { state: 'sending'; since: string } | { state: 'sent' } | { state: 'failed' };
  /** How many times the opening alert has been tried. */
  tries?: number;
}

/** What waits: pending enquiries, and when the oldest of them was received. */
export interface Waiting {
  count: number;
  oldestReceivedAt?: string;
}

/** The state kept in the store, one per site. */
export interface WatchState {
  lastJobRunAt?: string;
  lastFailure?: SendFailure;
  lastDeliveredAt?: string;
  incident?: Incident;
  /** What waited when last counted (a store that cannot count it on each read keeps it here). */
  waiting?: Waiting;
  /**
   * The pending enquiries' ids and when each was received (ms), for a store that must read each
   * record to know it (Netlify Blobs): each is read once while it waits.
   */
  tracked?: Record<string, number>;
}

/** The watch as a store answers it: what waits, and the state with its version for a conditional save. */
export interface Observed {
  waiting: Waiting;
  state: WatchState;
  /** Undefined while nothing has been saved yet. */
  version?: string;
}

const permanentCodes = new Set(['EAUTH', 'EENVELOPE']);
const timeoutCodes = new Set(['ETIMEDOUT', 'EABORT', 'ESOCKETTIMEDOUT']);
const unreachableCodes = new Set(['ECONNECTION', 'ECONNREFUSED', 'EDNS', 'ENOTFOUND', 'ESOCKET', 'ETLS']);

/** The kind of a send failure, from its codes. */
function failureKind({ code, responseCode }: SendError): FailureKind {
  // The server's own answer decides (nodemailer's EENVELOPE also comes with a 451).
  if (responseCode !== undefined && responseCode >= 500) return 'refused';
  if (responseCode !== undefined && responseCode >= 400) return 'deferred';
  if (permanentCodes.has(code)) return 'refused';
  if (timeoutCodes.has(code)) return 'timed_out';
  if (unreachableCodes.has(code)) return 'unreachable';
  return 'failed';
}

/** A failure as the watch keeps it. */
export function sendFailure(error: SendError, nowMs: number): SendFailure {
  const { code, responseCode } = error;
  return {
    at: new Date(nowMs).toISOString(),
    kind: failureKind(error),
    code,
    ...(responseCode === undefined ? {} : { responseCode }),
  };
}

/** The later of two ISO times (either may be unset). */
export function later(a: string | undefined, b: string | undefined): string | undefined {
  if (!a) return b;
  if (!b) return a;
  return Date.parse(a) >= Date.parse(b) ? a : b;
}

/** Whether the last failure is a permanent refusal that no delivery has followed. */
export function refusedSinceLastDelivery(state: WatchState): boolean {
  const failure = state.lastFailure;
  if (failure?.kind !== 'refused') return false;
  return !state.lastDeliveredAt || Date.parse(state.lastDeliveredAt) < Date.parse(failure.at);
}
