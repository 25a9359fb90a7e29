/**
 * One send attempt for a stored enquiry, shared by the contact function (at submit time) and the
 * scheduled retry job: the email with a Message-ID derived from the enquiry id (a re-send after an
 * ambiguous timeout is recognisably the same message), then the record updated with the outcome.
 * Once the mail server has accepted it, saving "delivered" is retried, never the send; if it still
 * fails, this process remembers the id so its retry job marks it instead of sending it again.
 */
import type { Delivery } from './deliver-email.ts';
import { composeEnquiryEmail, type EnquiryEmail } from './enquiry-email.ts';
import { markDelivered, markFailedAttempt, type EnquiryRecord, type SendError } from './record.ts';
import type { EnquiryStore } from './store/records.ts';
import { logOutcome } from './log-outcome.ts';
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
  /** Ids sent but not yet saved as delivered; this process's own by default (both functions share it). */
  unsaved?: Set<string>;
}

const processUnsaved = new Set<string>();

type Attempt =
  | { delivered: true; delivery: Extract<Delivery, { ok: true }>; record: EnquiryRecord; saved: boolean }
  | { delivered: false; error: SendError; record: EnquiryRecord; saved: boolean };

const possibleSpamPrefix = '[Possible spam]';
/** Pauses before each try of saving "delivered": three tries within about a second and a half. */
const savePausesMs = [0, 250, 1000];

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
 * Sends `record` (already counted as an attempt) and, when it is `stored`, stores how it went.
 * Never throws.
 */
export async function attemptDelivery(
  record: EnquiryRecord,
  deps: DeliveryDeps,
  stored = true,
): Promise<Attempt> {
  const delivery = await deps.mailer(enquiryEmail(record, deps.route, deps.brand), deps.route);
  if (delivery.ok) {
    const updated = markDelivered(record, deps.now());
    const saved = stored && (await saveDelivered(updated, deps));
    return { delivered: true, delivery, record: updated, saved };
  }
  const { ok: _, ...error } = delivery;
  const updated = markFailedAttempt(record, error);
  const saved = stored && (await deps.store.save(updated)).ok;
  return { delivered: false, error, record: updated, saved };
}

/** Whether this process sent `id` and could not yet save it as delivered. */
export function sentUnsaved(id: string, deps: Pick<DeliveryDeps, 'unsaved'>): boolean {
  return (deps.unsaved ?? processUnsaved).has(id);
}

/** Saves a record the mail server has accepted, trying again on failure. */
export async function saveDelivered(
  record: EnquiryRecord,
  deps: Pick<DeliveryDeps, 'store' | 'unsaved'>,
): Promise<boolean> {
  const unsaved = deps.unsaved ?? processUnsaved;
  let code = '';
  for (const pause of savePausesMs) {
    if (pause > 0) await new Promise((resolve) => setTimeout(resolve, pause));
    const saved = await deps.store.save(record);
    if (saved.ok) {
      unsaved.delete(record.id);
      return true;
    }
    code = saved.code;
  }
  unsaved.add(record.id);
  logOutcome('store_failed', { id: record.id, what: 'delivered', code });
  return false;
}
