/**
 * Sending: one SMTP attempt bounded by a total time limit (no pool, no retry), and the send attempt
 * for a stored enquiry shared by the contact function (at submit time) and the retry job: the email
 * (email.ts), then the record updated with the outcome. Once the mail server has accepted it,
 * saving "delivered" is retried, never the send (saving-delivered.ts). Never throws.
 */
import nodemailer from 'nodemailer';
import type { SendableRoute } from './mail-settings.ts';
import { markDelivered, type EnquiryRecord, type SendError } from './record.ts';
import type { EnquiryStore } from './store/store.ts';
import { saveDelivered, saveFailedAttempt } from './saving-delivered.ts';
import { enquiryEmail, type EnquiryEmail, type OutgoingEmail } from './email.ts';

export type Delivery = { ok: true; via: 'smtp' } | ({ ok: false } & SendError);

/** One SMTP attempt along the configured route, within its total time limit. Never throws. */
export async function deliverEmail(email: EnquiryEmail, route: SendableRoute): Promise<Delivery> {
  const transport = nodemailer.createTransport(route.transport);
  const abort = new AbortController();
  const timer = setTimeout(() => abort.abort(), route.sendTimeoutMs);
  try {
    const sending = transport.sendMail({ ...email, signal: abort.signal });
    sending.catch(() => undefined); // settled through the race below
    // Answer on time even if the transport did not honour the signal.
    await Promise.race([sending, rejectWhenAborted(abort.signal)]);
    return { ok: true, via: 'smtp' };
  } catch (error) {
    return { ok: false, ...smtpErrorDetails(error, abort.signal.aborted) };
  } finally {
    clearTimeout(timer);
    transport.close();
  }
}

function rejectWhenAborted(signal: AbortSignal): Promise<never> {
  return new Promise((_, reject) => {
    signal.addEventListener(
      'abort',
      () => reject(Object.assign(new Error('Send timed out'), { code: 'EABORT' })),
      {
        once: true,
      },
    );
  });
}

/** What may be logged of an SMTP error: its codes, never the server's text or any address. */
function smtpErrorDetails(error: unknown, timedOut: boolean): SendError {
  const details = (error ?? {}) as { code?: unknown; responseCode?: unknown; command?: unknown };
  const code =
    typeof details.code === 'string' && /^[A-Z0-9_]{1,32}$/.test(details.code) ? details.code : 'UNKNOWN';
  const command =
    typeof details.command === 'string'
      ? details.command
          .replace(/[^A-Z ]/g, '')
          .trim()
          .slice(0, 16)
      : '';
  return {
    code: timedOut && code === 'UNKNOWN' ? 'EABORT' : code,
    ...(typeof details.responseCode === 'number' ? { responseCode: details.responseCode } : {}),
    ...(command ? { command } : {}),
  };
}

export type Mailer = (email: OutgoingEmail, route: SendableRoute) => Promise<Delivery>;

export interface DeliveryDeps {
  store: EnquiryStore;
  mailer: Mailer;
  route: SendableRoute;
  now: () => number;
  brand: string;
  /**
   * Ids sent but not yet saved as delivered, owned by whoever creates the handlers (one per
   * function instance; a host running the contact function and the job passes one set to both).
   */
  unsaved: Set<string>;
  /** Ids being sent by this process right now, owned and shared the same way (`sendingHere`). */
  sending: Set<string>;
}

/**
 * Whether this process is sending `id` right now. Known without any clock, so the job in the same
 * process never takes a live send, whatever the wall clock does; across processes the lease holds.
 */
export function sendingHere(id: string, deps: Pick<DeliveryDeps, 'sending'>): boolean {
  return deps.sending.has(id);
}

type Attempt =
  | { delivered: true; delivery: Extract<Delivery, { ok: true }>; saved: boolean }
  /** `retryAt`: when the failed attempt was saved, when the next one falls due (ISO). */
  | { delivered: false; error: SendError; saved: boolean; retryAt?: string };

/**
 * Sends `record` (already counted as an attempt, its lease saved when it is `stored`) and, when
 * it is `stored`, stores how it went. Never throws.
 */
export async function attemptDelivery(
  record: EnquiryRecord,
  deps: DeliveryDeps,
  stored = true,
): Promise<Attempt> {
  const { sending } = deps;
  sending.add(record.id);
  try {
    const delivery = await deps.mailer(enquiryEmail(record, deps.route, deps.brand), deps.route);
    if (delivery.ok) {
      const saved = stored && (await saveDelivered(markDelivered(record, deps.now()), deps));
      return { delivered: true, delivery, saved };
    }
    const { ok: _, ...error } = delivery;
    const retryAt = stored ? await saveFailedAttempt(record, error, deps) : undefined;
    return { delivered: false, error, saved: retryAt !== undefined, retryAt };
  } finally {
    sending.delete(record.id);
  }
}
