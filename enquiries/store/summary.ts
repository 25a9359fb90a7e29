/**
 * What `npm run enquiries -- --summary` prints, as the stores answer it: how many enquiries each
 * status holds, the oldest still pending, and the last send failure kept on one not delivered.
 * Dates and codes only: never what a visitor wrote.
 */
import { awaitsMailConfiguration, type EnquiryRecord, type SendError } from '../record.ts';

export interface Summary {
  pending: number;
  /** Of the pending ones, those never attempted: kept while mail is not configured. */
  awaitingMail: number;
  delivered: number;
  failed: number;
  /** When the oldest pending enquiry was received (ISO). */
  oldestPendingAt?: string;
  /** The latest failure kept on an enquiry not delivered: its codes, and when (unknown on older records). */
  lastFailure?: { at?: string; error: SendError };
}

/** The summary of `records` counted one by one (a store that cannot count them itself). */
export function summaryOf(records: Iterable<EnquiryRecord>): Summary {
  const summary: Summary = { pending: 0, awaitingMail: 0, delivered: 0, failed: 0 };
  for (const record of records) {
    summary[record.status] += 1;
    if (awaitsMailConfiguration(record)) summary.awaitingMail += 1;
    const oldest = summary.oldestPendingAt;
    if (record.status === 'pending' && (!oldest || record.receivedAt < oldest)) {
      summary.oldestPendingAt = record.receivedAt;
    }
    if (record.status === 'delivered' || !record.lastError) continue;
    const last = summary.lastFailure;
    if (!last || (record.lastErrorAt ?? '') > (last.at ?? '')) {
      summary.lastFailure = { at: record.lastErrorAt, error: record.lastError };
    }
  }
  return summary;
}
