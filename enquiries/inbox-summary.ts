/**
 * `npm run enquiries -- --summary`: how the store stands, in a few lines, from the store's own
 * counts (summary.ts): enquiries by status (and how many of the pending wait for mail settings),
 * the oldest still pending and how long it has waited, and the last send failure, when and its
 * codes. Dates, counts and codes only: never a visitor's name, address or message.
 */
import type { Summary } from './store/summary.ts';
import type { SendError } from './record.ts';

const minuteMs = 60_000;

/** A wait in whole minutes, hours and days: `3 d 4 h`, `2 h 5 min`, `7 min`. */
function waitedFor(ms: number): string {
  const minutes = Math.max(0, Math.floor(ms / minuteMs));
  const [days, hours] = [Math.floor(minutes / 1440), Math.floor(minutes / 60) % 24];
  if (days > 0) return `${days} d ${hours} h`;
  return hours > 0 ? `${hours} h ${minutes % 60} min` : `${minutes} min`;
}

/** A send failure's codes, as the inbox's reason column shows them, with the SMTP command. */
function failureCodes({ code, responseCode, command }: SendError): string {
  return [code, responseCode, command && `(${command})`].filter(Boolean).join(' ');
}

export function summaryLines(summary: Summary, nowMs: number): string[] {
  const { pending, awaitingMail, delivered, failed, oldestPendingAt, lastFailure } = summary;
  const waiting = awaitingMail > 0 ? ` (${awaitingMail} of them waiting for mail settings)` : '';
  const lines = [`${pending} pending${waiting}, ${delivered} delivered, ${failed} failed.`];
  lines.push(
    oldestPendingAt
      ? `Oldest pending: received ${oldestPendingAt}, ${waitedFor(nowMs - Date.parse(oldestPendingAt))} ago.`
      : 'Oldest pending: none.',
  );
  if (!lastFailure) {
    lines.push('Last send failure: none on an enquiry not yet delivered.');
  } else {
    const when = lastFailure.at ?? 'time not recorded';
    lines.push(`Last send failure: ${when}, ${failureCodes(lastFailure.error)}.`);
  }
  if (awaitingMail > 0)
    lines.push('Mail is not configured: set SMTP_HOST, MAIL_FROM and MAIL_TO (README, Configuration).');
  if (lastFailure && pending > awaitingMail) {
    lines.push('Check the SMTP settings; `npm run enquiries -- --status pending` lists those waiting.');
  }
  return lines;
}
