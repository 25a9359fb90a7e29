/**
 * Sending: the email the agency receives for one enquiry (subject, plain text and HTML, every
 * value HTML-escaped; sender and recipient fixed by configuration, the visitor only Reply-To), one
 * SMTP attempt bounded by a total time limit (no pool, no retry), and the send attempt for a
 * stored enquiry shared by the contact function (at submit time) and the retry job: the email with
 * a Message-ID derived from the enquiry id (a re-send after an ambiguous timeout is recognisably
 * the same message), then the record updated with the outcome. Once the mail server has accepted
 * it, saving "delivered" is retried, never the send (saving-delivered.ts). Never throws.
 */
import nodemailer from 'nodemailer';
import { budgetRangeLabel, projectTypeLabel, type Enquiry } from '../src/lib/shared/enquiry.ts';
import { escapeHtml } from '../src/lib/shared/html-escape.ts';
import type { MailRoute } from './mail-settings.ts';
import { markDelivered, type EnquiryRecord, type SendError } from './record.ts';
import type { EnquiryStore } from './store/store.ts';
import { saveDelivered, saveFailedAttempt } from './saving-delivered.ts';

export type SendableRoute = Extract<MailRoute, { kind: 'smtp' }>;

export interface EnquiryEmail {
  from: string;
  to: string;
  replyTo: { name: string; address: string };
  subject: string;
  text: string;
  html: string;
}

/**
 * One line of text for a header (and the summary rows): line breaks and other control characters
 * become single spaces, and bidirectional formatting characters (U+202E and its kin, which can
 * make a Subject read backwards) are removed.
 */
function singleLine(value: string): string {
  return value
    .replace(/[\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/g, '')
    .replace(/[\p{Cc}\u2028\u2029]+/gu, ' ')
    .replace(/ {2,}/g, ' ')
    .trim();
}

/** The email for one enquiry, before its Message-ID (`enquiryEmail` adds it). */
function composeEnquiryEmail(
  enquiry: Enquiry,
  { from, to, brand }: { from: string; to: string; brand: string },
): EnquiryEmail {
  const name = singleLine(enquiry.name);
  const projectType = projectTypeLabel(enquiry.projectType);
  const rows: [string, string][] = [
    ['Name', name],
    ['Email', enquiry.email],
    ['Company', singleLine(enquiry.company) || 'Not given'],
    ['Project type', projectType ?? 'Not specified'],
    ['Budget', budgetRangeLabel(enquiry.budgetRange) ?? 'Not specified'],
  ];
  const message = enquiry.message.replace(/\r\n?/g, '\n');

  const text = [
    `New enquiry from the ${brand} website contact form.`,
    '',
    ...rows.map(([label, value]) => `${label}: ${value}`),
    '',
    'Message:',
    message,
    '',
  ].join('\n');

  const cell = 'padding:4px 12px 4px 0;vertical-align:top;text-align:left';
  const html = [
    '<!doctype html>',
    '<html lang="en-GB"><head><meta charset="utf-8"><title>New enquiry</title></head>',
    '<body style="font-family:Arial,Helvetica,sans-serif;font-size:15px;line-height:1.5;color:#0f172a">',
    `<p>New enquiry from the ${escapeHtml(brand)} website contact form.</p>`,
    '<table role="presentation" style="border-collapse:collapse">',
    ...rows.map(
      ([label, value]) =>
        `<tr><th style="${cell}">${escapeHtml(label)}</th><td style="${cell}">${escapeHtml(value)}</td></tr>`,
    ),
    '</table>',
    '<h2 style="font-size:16px;margin:24px 0 8px">Message</h2>',
    `<p style="white-space:pre-wrap;margin:0">${escapeHtml(message)}</p>`,
    '</body></html>',
    '',
  ].join('\n');

  return {
    from,
    to,
    replyTo: { name, address: enquiry.email },
    subject: singleLine(`New enquiry: ${projectType ?? 'General'} — ${name}`),
    text,
    html,
  };
}

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

export interface OutgoingEmail extends EnquiryEmail {
  messageId: string;
}

export type Mailer = (email: OutgoingEmail, route: SendableRoute) => Promise<Delivery>;

export interface DeliveryDeps {
  store: EnquiryStore;
  mailer: Mailer;
  route: SendableRoute;
  now: () => number;
  brand: string;
  /**
   * Ids sent but not yet saved as delivered; this process's own by default. The contact function
   * and the retry job must share one (a host that loads them apart passes its own to both).
   */
  unsaved?: Set<string>;
  /** Ids being sent by this process right now, shared the same way (`sendingHere`). */
  sending?: Set<string>;
}

const processSending = new Set<string>();

/**
 * Whether this process is sending `id` right now. Known without any clock, so the job in the same
 * process never takes a live send, whatever the wall clock does; across processes the lease holds.
 */
export function sendingHere(id: string, deps: Pick<DeliveryDeps, 'sending'>): boolean {
  return (deps.sending ?? processSending).has(id);
}

type Attempt =
  | { delivered: true; delivery: Extract<Delivery, { ok: true }>; saved: boolean }
  /** `retryAt`: when the failed attempt was saved, when the next one falls due (ISO). */
  | { delivered: false; error: SendError; saved: boolean; retryAt?: string };

const possibleSpamPrefix = '[Possible spam]';

/** The email for `record` exactly as every attempt sends it (`npm run enquiries -- --show` prints it). */
export function enquiryEmail(
  record: EnquiryRecord,
  route: Pick<SendableRoute, 'from' | 'to'>,
  brand: string,
): OutgoingEmail {
  const email = composeEnquiryEmail(record.enquiry, { from: route.from, to: route.to, brand });
  const domain = /@([A-Za-z0-9.-]+)/.exec(route.from)?.[1] ?? 'localhost';
  return {
    ...email,
    subject: record.possibleSpam ? `${possibleSpamPrefix} ${email.subject}` : email.subject,
    messageId: `<enquiry-${record.id}@${domain}>`,
  };
}

/**
 * Sends `record` (already counted as an attempt, its lease saved when it is `stored`) and, when
 * it is `stored`, stores how it went. Never throws.
 */
export async function attemptDelivery(
  record: EnquiryRecord,
  deps: DeliveryDeps,
  stored = true,
): Promise<Attempt> {
  const sending = deps.sending ?? processSending;
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
