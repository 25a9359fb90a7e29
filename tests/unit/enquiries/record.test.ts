/**
 * The rules of a stored enquiry's life: ids, the lease of a send, backoff, giving up, retention,
 * and an enquiry kept while mail is not configured, then sent once it is.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  awaitsMailConfiguration,
  dueAction,
  enquiryId,
  markDelivered,
  markFailedAttempt,
  markUndeliverable,
  newRecord,
  newUnsentRecord,
  requeue,
  startAttempt,
} from '#enquiries/record.ts';
import { sampleEnquiry } from '#support/enquiries.ts';
import { enquiryPolicy } from '#src/lib/shared/enquiry-policy.ts';

const minute = 60_000;
const t0 = Date.UTC(2030, 2, 3, 23, 0);

const refused = { code: 'EENVELOPE', responseCode: 550 };

/** How long a record waits after its `attempts`th attempt failed, before the next one is due. */
function backoffMs(attempts: number): number {
  let record = newRecord('b'.repeat(32), sampleEnquiry, false, t0);
  for (let n = 1; n < attempts; n += 1) record = startAttempt(record, t0);
  expect(record.attempts).toBe(attempts);
  return Date.parse(markFailedAttempt(record, refused, t0).nextAttemptAt) - t0;
}

afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe('enquiryId', () => {
  it('comes from the submission id and the content when there is a usable one', () => {
    const submission = '4b0f7c1e-9a1d-4c55-8f3e-2d8a6b7c9e10';
    const id = enquiryId(submission, sampleEnquiry, t0);
    expect(id).toMatch(/^[0-9a-f]{32}$/);
    // The same enquiry posted again, another day: the same id.
    expect(enquiryId(submission, { ...sampleEnquiry }, t0 + 86_400_000)).toBe(id);
    expect(enquiryId('4b0f7c1e-9a1d-4c55-8f3e-2d8a6b7c9e11', sampleEnquiry, t0)).not.toBe(id);
    // Another enquiry under the same submission id (a tab opened from another): never swallowed.
    for (const field of ['message', 'name', 'email'] as const) {
      expect(enquiryId(submission, { ...sampleEnquiry, [field]: `x${sampleEnquiry[field]}` }, t0)).not.toBe(
        id,
      );
    }
  });

  it('otherwise comes from the content and the UTC day', () => {
    for (const unusable of [undefined, '', 'short', '../../etc/passwd/xxxxxxxxxx', 42]) {
      expect(enquiryId(unusable, sampleEnquiry, t0)).toBe(
        enquiryId(undefined, sampleEnquiry, t0 + 59 * minute),
      );
    }
    expect(enquiryId(undefined, sampleEnquiry, t0 + 61 * minute)).not.toBe(
      enquiryId(undefined, sampleEnquiry, t0),
    );
    expect(enquiryId(undefined, { ...sampleEnquiry, message: 'Other' }, t0)).not.toBe(
      enquiryId(undefined, sampleEnquiry, t0),
    );
  });
});

describe('the retry rules', () => {
  it('back off from one minute, doubling, to at most an hour', () => {
    expect([1, 2, 3, 4, 5, 6, 7, 8, 30].map((n) => backoffMs(n) / minute)).toEqual([
      1, 2, 4, 8, 16, 32, 60, 60, 60,
    ]);
  });

  it('hold a send’s record for its lease, marked as handed to the mail server until its outcome', () => {
    const record = newRecord('a'.repeat(32), sampleEnquiry, false, t0);
    expect(record).toMatchObject({ attempts: 1, sendingSince: new Date(t0).toISOString() });
    expect(dueAction(record, t0 + enquiryPolicy.sendLeaseMs - 1)).toBe('wait');
    expect(dueAction(record, t0 + enquiryPolicy.sendLeaseMs)).toBe('retry');
    expect(markDelivered(record, t0 + minute).sendingSince).toBeUndefined();
    expect(markFailedAttempt(record, refused, t0 + minute).sendingSince).toBeUndefined();
  });

  it('keep a failed attempt’s codes with when it failed, until the enquiry is delivered', () => {
    const failed = markFailedAttempt(
      newRecord('a'.repeat(32), sampleEnquiry, false, t0),
      refused,
      t0 + minute,
    );
    expect(failed).toMatchObject({ lastError: refused, lastErrorAt: new Date(t0 + minute).toISOString() });
    const delivered = markDelivered(startAttempt(failed, t0 + 2 * minute), t0 + 2 * minute);
    expect(delivered.lastError).toBeUndefined();
    expect(delivered.lastErrorAt).toBeUndefined();
  });

  it('retry a pending enquiry once its backoff is over, and give up after 24 hours', () => {
    const record = markFailedAttempt(newRecord('a'.repeat(32), sampleEnquiry, false, t0), refused, t0);
    expect(dueAction(record, t0 + minute - 1)).toBe('wait');
    expect(dueAction(record, t0 + minute)).toBe('retry');
    const second = markFailedAttempt(startAttempt(record, t0 + minute), refused, t0 + minute);
    expect(second).toMatchObject({ attempts: 2, nextAttemptAt: new Date(t0 + 3 * minute).toISOString() });
    expect(dueAction(second, t0 + 2 * minute)).toBe('wait');
    expect(dueAction(second, t0 + enquiryPolicy.giveUpAfterMs + 1)).toBe('give-up');
  });

  it('count the 24 hours again from a resend', () => {
    const failed = markUndeliverable(newRecord('a'.repeat(32), sampleEnquiry, false, t0), t0 + 86_400_001);
    const later = t0 + 5 * 86_400_000;
    const again = requeue(failed, later);
    expect(dueAction(again, later)).toBe('retry');
    expect(dueAction(again, later + enquiryPolicy.giveUpAfterMs)).toBe('retry');
    expect(dueAction(again, later + enquiryPolicy.giveUpAfterMs + 1)).toBe('give-up');
  });

  it('delete delivered records after 30 days and failed ones after 90', () => {
    const record = newRecord('a'.repeat(32), sampleEnquiry, false, t0);
    const delivered = markDelivered(record, t0);
    expect(delivered.lastError).toBeUndefined();
    expect(dueAction(delivered, t0 + enquiryPolicy.deleteDeliveredAfterMs)).toBe('wait');
    expect(dueAction(delivered, t0 + enquiryPolicy.deleteDeliveredAfterMs + 1)).toBe('delete');
    const failed = markUndeliverable(record, t0);
    expect(dueAction(failed, t0 + enquiryPolicy.deleteFailedAfterMs)).toBe('wait');
    expect(dueAction(failed, t0 + enquiryPolicy.deleteFailedAfterMs + 1)).toBe('delete');
  });
});

describe('an enquiry kept while mail is not configured', () => {
  const year = 365 * 86_400_000;
  const kept = newUnsentRecord('b'.repeat(32), sampleEnquiry, false, t0);

  it('is pending with the reason not_configured, no attempt made, due at once', () => {
    expect(kept).toMatchObject({ status: 'pending', reason: 'not_configured', attempts: 0 });
    expect(kept.firstAttemptAt).toBeUndefined();
    expect(awaitsMailConfiguration(kept)).toBe(true);
    expect(awaitsMailConfiguration(newRecord('c'.repeat(32), sampleEnquiry, false, t0))).toBe(false);
  });

  it('waits, never given up nor deleted, however long mail stays unconfigured', () => {
    for (const later of [
      t0,
      t0 + enquiryPolicy.giveUpAfterMs + 1,
      t0 + enquiryPolicy.deleteFailedAfterMs + 1,
    ])
      expect(dueAction(kept, later, false)).toBe('wait');
    expect(dueAction(kept, t0 + 10 * year, false)).toBe('wait');
  });

  it('is sent as soon as mail is configured, even a year later, and not given up then', () => {
    const configuredAt = t0 + year;
    expect(dueAction(kept, configuredAt, true)).toBe('retry');
    const first = startAttempt(kept, configuredAt);
    expect(first).toMatchObject({ attempts: 1, firstAttemptAt: new Date(configuredAt).toISOString() });
    expect(first.reason).toBeUndefined();
    expect(awaitsMailConfiguration(first)).toBe(false);
    expect(dueAction(first, configuredAt + enquiryPolicy.sendLeaseMs - 1)).toBe('wait');
    expect(dueAction(first, configuredAt + enquiryPolicy.sendLeaseMs)).toBe('retry');
  });

  it('is given up 24 hours after its first real attempt, and purged only after that', () => {
    const configuredAt = t0 + year;
    const first = startAttempt(kept, configuredAt);
    expect(dueAction(first, configuredAt + enquiryPolicy.giveUpAfterMs)).not.toBe('give-up');
    expect(dueAction(first, configuredAt + enquiryPolicy.giveUpAfterMs + 1)).toBe('give-up');
    const delivered = markDelivered(first, configuredAt);
    expect(dueAction(delivered, configuredAt + enquiryPolicy.deleteDeliveredAfterMs)).toBe('wait');
    expect(dueAction(delivered, configuredAt + enquiryPolicy.deleteDeliveredAfterMs + 1)).toBe('delete');
  });

  it('stops a sent or failed enquiry from being retried or given up while mail is unconfigured', () => {
    const attempted = newRecord('d'.repeat(32), sampleEnquiry, false, t0);
    expect(dueAction(attempted, t0 + enquiryPolicy.giveUpAfterMs + 1, false)).toBe('wait');
    expect(dueAction(attempted, t0 + enquiryPolicy.giveUpAfterMs + 1, true)).toBe('give-up');
    // Retention of delivered and failed records runs whether mail is configured or not.
    const delivered = markDelivered(attempted, t0);
    expect(dueAction(delivered, t0 + enquiryPolicy.deleteDeliveredAfterMs + 1, false)).toBe('delete');
  });

  it('counts a record stored before the first-attempt field from its receipt', () => {
    const { firstAttemptAt: _, ...older } = newRecord('e'.repeat(32), sampleEnquiry, false, t0);
    expect(dueAction(older, t0 + enquiryPolicy.giveUpAfterMs + 1)).toBe('give-up');
    expect(startAttempt(older, t0 + 5 * minute).firstAttemptAt).toBe(new Date(t0).toISOString());
  });
});
