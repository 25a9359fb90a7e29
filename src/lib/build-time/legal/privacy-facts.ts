/**
 * The figures and facts the privacy notice must state, from the code that makes them true: how long
 * the enquiry store keeps a delivered and an undeliverable enquiry and how long it keeps retrying
 * (the constants the purge job uses), the rate limit's window, and the complaint route the Data
 * (Use and Access) Act 2025 and UK GDPR Art 13/77 require. Changing the code changes the notice.
 */
import { enquirySchema, type EnquiryField } from '../../shared/enquiry.ts';
import { contactRateLimit, enquiryPolicy } from '../../shared/enquiry-policy.ts';

const hourMs = 60 * 60 * 1000;
const dayMs = 24 * hourMs;

/** Whole units only: a policy of "1.5 days" would be written in hours instead. */
function whole(ms: number, unitMs: number, unit: string): string {
  const count = ms / unitMs;
  if (!Number.isInteger(count)) throw new Error(`${ms} ms is not a whole number of ${unit}s`);
  return `${count} ${unit}${count === 1 ? '' : 's'}`;
}

export const retention = {
  /** A delivered enquiry's copy in the store. */
  delivered: whole(enquiryPolicy.deleteDeliveredAfterMs, dayMs, 'day'),
  /** An enquiry that could not be delivered, after the site stopped trying. */
  undeliverable: whole(enquiryPolicy.deleteFailedAfterMs, dayMs, 'day'),
  /** How long the site keeps trying to deliver one. */
  retrying: whole(enquiryPolicy.giveUpAfterMs, hourMs, 'hour'),
  /** How long a visitor's (pseudonymised) address is counted against the enquiry limit, in memory. */
  rateLimitWindow: whole(contactRateLimit.windowMs, 60_000, 'minute'),
};

/** The controller must acknowledge a complaint within 30 days (Data (Use and Access) Act 2025, s 103). */
export const complaintAcknowledgement = whole(30 * dayMs, dayMs, 'day');

/** The Information Commissioner's Office: where a complaint goes next. */
export const ico = { website: 'https://ico.org.uk', helpline: '0303 123 1113' } as const;

/** The fields an enquiry cannot be sent without (Art 13(2)(e): whether giving data is required). */
const requiredEnquiryFields = (Object.keys(enquirySchema.shape) as EnquiryField[]).filter(
  (field) => !enquirySchema.shape[field].safeParse(undefined).success,
);

/** "name, email and message", in the form's own labels (src/content/pages/contact.yaml). */
export const requiredFieldsText = (labels: Record<EnquiryField, string>, locale: string) =>
  new Intl.ListFormat(locale, { type: 'conjunction' }).format(
    requiredEnquiryFields.map((field) => labels[field].toLowerCase()),
  );
