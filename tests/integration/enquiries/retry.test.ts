/**
 * The retry job's exactly-once guarantee against the local Blobs server and a real SMTP server:
 * two runs racing over the same due records mail each once, and a run that died holding a lease
 * leaves the record alone until the lease runs out, then it goes once, with the same Message-ID; a
 * record read answered with a spurious 404 is not forgotten.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { newRecord, startAttempt } from '#enquiries/record.ts';
import { createRetryHandler } from '#enquiries/retry-handler.ts';
import type { TestBlobs } from '#support/blobs-server.ts';
import { realDeps, sampleEnquiry, startTempStore, stubSmtpEnv } from '#support/enquiries.ts';
import { startSmtpServer, type TestSmtpServer } from '#support/smtp-test-server.ts';
import { enquiryPolicy } from '#src/lib/shared/enquiry-policy.ts';

let blobs: TestBlobs;
let smtp: TestSmtpServer;
const { store } = realDeps();
const idOf = (round: number, n: number) => `${round}${n}`.padStart(32, '0');
const messageIds = () => smtp.received.map((message) => message.mail.messageId);

beforeEach(async () => {
  vi.spyOn(console, 'info').mockImplementation(() => undefined);
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
  blobs = await startTempStore('enquiry-job-');
  smtp = await startSmtpServer();
  stubSmtpEnv(smtp.port);
});

afterEach(async () => {
  await smtp.close();
  await blobs.stop();
  vi.unstubAllEnvs();
  vi.restoreAllMocks();
});

describe('the retry job, exactly once', () => {
  it('mails each due record once when two runs race over them', async () => {
    const first = createRetryHandler(realDeps());
    const second = createRetryHandler(realDeps());
    const expected: string[] = [];
    for (let round = 1; round <= 3; round += 1) {
      for (let n = 1; n <= 5; n += 1) {
        const record = newRecord(
          idOf(round, n),
          sampleEnquiry,
          false,
          Date.now() - 2 * enquiryPolicy.sendLeaseMs,
        );
        expect((await store.save(record)).ok).toBe(true);
        expected.push(`<enquiry-${record.id}@agency.example>`);
      }
      await Promise.all([first(), second()]);
    }
    expect(messageIds().sort()).toEqual(expected.sort());
  });

  it('leaves a record leased by a run that died alone until the lease runs out, then mails it once', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      const record = newRecord(idOf(9, 1), sampleEnquiry, false, Date.now() - 2 * enquiryPolicy.sendLeaseMs);
      const leased = startAttempt(record, Date.now());
      expect((await store.save(leased)).ok).toBe(true);
      const retry = createRetryHandler(realDeps());
      await retry();
      expect(smtp.received).toHaveLength(0);

      vi.setSystemTime(Date.parse(leased.nextAttemptAt) + 1);
      await retry();
      await retry();
      expect(messageIds()).toEqual([`<enquiry-${record.id}@agency.example>`]);
      expect(await store.readRecord(record.id)).toMatchObject({ ok: true, value: { status: 'delivered' } });
    } finally {
      vi.useRealTimers();
    }
  });

  it('keeps a due record whose read is answered with one spurious 404, and mails it next run', async () => {
    const record = newRecord(idOf(8, 1), sampleEnquiry, false, Date.now() - 60 * 60_000);
    expect((await store.save(record)).ok).toBe(true);
    const retry = createRetryHandler(realDeps());
    const real = globalThis.fetch;
    let spurious = 0;
    const fetchSpy = vi.spyOn(globalThis, 'fetch').mockImplementation((input, init) => {
      const url = new URL(input instanceof Request ? input.url : String(input));
      const read = (init?.method ?? 'GET').toUpperCase() === 'GET' && url.pathname.endsWith(`/${record.id}`);
      if (!read || spurious > 0) return real(input, init);
      spurious += 1;
      return Promise.resolve(new Response(null, { status: 404 }));
    });
    try {
      expect(await (await retry()).json()).toMatchObject({ retried: 0, storeErrors: 1 });
    } finally {
      fetchSpy.mockRestore();
    }
    expect(spurious).toBe(1);
    expect(await (await retry()).json()).toMatchObject({ retried: 1, delivered: 1 });
    expect(messageIds()).toEqual([`<enquiry-${record.id}@agency.example>`]);
  });
});
