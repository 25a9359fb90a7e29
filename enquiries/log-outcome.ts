/**
 * One log line per enquiry request or retry, naming its outcome and technical details only: never
 * the visitor's name, address, company or message (nor their IP). An enquiry id is a hash.
 */

type Outcome =
  | 'sent'
  | 'queued'
  | 'kept'
  | 'duplicate'
  | 'spam'
  | 'invalid'
  | 'refused'
  | 'rate_limited'
  | 'send_failed'
  | 'store_failed'
  | 'undeliverable';

type Detail = string | number | undefined;

// `kept`: an enquiry that will not be mailed until mail is configured, which must stand out in
// a function's log (Netlify shows errors in red) as much as a failure does.
const errors = new Set<Outcome>(['send_failed', 'store_failed', 'undeliverable', 'kept']);

export function logOutcome(outcome: Outcome, details: Record<string, Detail> = {}): void {
  const parts = [`[send-contact-email] outcome=${outcome}`];
  for (const [key, value] of Object.entries(details)) {
    if (value !== undefined && value !== '') parts.push(`${key}=${value}`);
  }
  const line = parts.join(' ');
  if (errors.has(outcome)) console.error(line);
  else if (outcome === 'sent' || outcome === 'queued' || outcome === 'duplicate') console.info(line);
  else console.warn(line);
}
