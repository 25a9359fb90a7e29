/**
 * One log line per enquiry request, naming its outcome and technical details only: never the
 * visitor's name, address, company or message (nor their IP).
 */

export type Outcome =
  'sent' | 'spam' | 'invalid' | 'refused' | 'rate_limited' | 'send_failed' | 'not_configured';

type Detail = string | number | undefined;

export function logOutcome(outcome: Outcome, details: Record<string, Detail> = {}): void {
  const parts = [`[send-contact-email] outcome=${outcome}`];
  for (const [key, value] of Object.entries(details)) {
    if (value !== undefined && value !== '') parts.push(`${key}=${value}`);
  }
  const line = parts.join(' ');
  if (outcome === 'send_failed' || outcome === 'not_configured') console.error(line);
  else if (outcome === 'sent') console.info(line);
  else console.warn(line);
}
