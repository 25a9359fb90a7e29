/**
 * One send attempt for a stored enquiry, shared by the contact function (at submit time) and the
 * scheduled retry job: the email with a Message-ID derived from the enquiry id (a re-send after an
 * ambiguous timeout is recognisably the same message), then the record updated with the outcome.
 */
import type { Delivery } from './deliver-email.ts';
import { composeEnquiryEmail, type EnquiryEmail } from './enquiry-email.ts';
import { markDelivered, markFailedAttempt, type EnquiryRecord, type SendError } from './enquiry-record.ts';
import type { EnquiryStore } from './enquiry-store.ts';
import type { MailRoute } from './mail-settings.ts';

export type SendableRoute = Extract<MailRoute, { kind: 'smtp' }>;

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
}

type Attempt =
  | { delivered: true; delivery: Extract<Delivery, { ok: true }>; record: EnquiryRecord; saved: boolean }
  | { delivered: false; error: SendError; record: EnquiryRecord; saved: boolean };

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

/** Sends `record` (already counted as an attempt) and stores how it went. Never throws. */
export async function attemptDelivery(record: EnquiryRecord, deps: DeliveryDeps): Promise<Attempt> {
  const delivery = await deps.mailer(enquiryEmail(record, deps.route, deps.brand), deps.route);
  if (delivery.ok) {
    const updated = markDelivered(record, deps.now());
    const saved = await deps.store.save(updated);
    return { delivered: true, delivery, record: updated, saved: saved.ok };
  }
  const { ok: _, ...error } = delivery;
  const updated = markFailedAttempt(record, error);
  const saved = await deps.store.save(updated);
  return { delivered: false, error, record: updated, saved: saved.ok };
}
