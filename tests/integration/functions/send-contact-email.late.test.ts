/**
 * A store whose answers come late or not at all must not lead to a second mail, on either
 * adapter's terms: the SQLite store writes an enquiry and answers after the visitor's deadline
 * (STORE_TIMEOUT), so the visitor's request mails it not knowing it is stored; a minute and more
 * later the retry job (a run with no memory of that request, as on Netlify) must not mail it
 * again. And a Netlify Blobs store that did not honour conditional writes at all: two job runs
 * racing over kept enquiries may both send one, but with the one Message-ID, and none is lost.
 */
import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { newUnsentRecord } from '#enquiries/record.ts';
import { deliverEmail } from '#enquiries/send.ts';
import { createSlidingWindowLimiter } from '#enquiries/sliding-window-limiter.ts';
import { openBlobsStore } from '#enquiries/store/blobs.ts';
import type { EnquiryStore } from '#enquiries/store/store.ts';
import { createRetryHandler } from '#enquiries/retry-handler.ts';
import { createContactHandler } from '#enquiries/contact-handler.ts';
import { openSqliteStore } from '#enquiries/store/sqlite.ts';
import { site } from '#src/site.config.ts';
import { submissionIdField } from '#src/lib/shared/submission.ts';
import { startTestBlobs } from '#support/blobs-server.ts';
import { sampleEnquiry, stubSmtpEnv } from '#support/enquiries.ts';
import { mailsPerMessageId } from '#support/kept-enquiries.ts';
import { startSmtpServer, waitFor, type TestSmtpServer } from '#support/smtp-test-server.ts';
import { contactRateLimit, enquiryPolicy } from '#src/lib/shared/enquiry-policy.ts';

let smtp: TestSmtpServer;
let clock = Date.UTC(2030, 5, 1, 12);
const cleanups: (() => Promise<unknown>)[] = [];

beforeEach(async () => {
  for (const method of ['info', 'warn', 'error'] as const) {
    vi.spyOn(console, method).mockImplementation(() => undefined);
  }
  smtp = await startSmtpServer();
  cleanups.push(() => smtp.close());
  stubSmtpEnv(smtp.port);
});

afterEach(async () => {
  for (const cleanup of cleanups.splice(0)) await cleanup();
  vi.unstubAllEnvs();
  vi.restoreAllMocks();
});

/** Each handler with a memory of its own, as separate function invocations on Netlify have. */
const depsFor = (store: EnquiryStore) => ({
  now: () => clock,
  store,
  mailer: deliverEmail,
  env: process.env,
  brand: site.brand,
  site,
  unsaved: new Set<string>(),
});

describe('a store that answers late', () => {
  it('mails an enquiry written but answered after the deadline once, never again from the job', async () => {
    const root = await mkdtemp(join(tmpdir(), 'late-store-'));
    const sqlite = openSqliteStore(join(root, 'data'));
    cleanups.push(
      () => sqlite.close(),
      () => rm(root, { recursive: true, force: true }),
    );
    // Written, and its answer lost to the deadline.
    const late: EnquiryStore = {
      ...sqlite,
      create: async (record) => {
        await sqlite.create(record);
        return { ok: false, code: 'STORE_TIMEOUT' };
      },
    };
    const waiting: Promise<unknown>[] = [];
    const handler = createContactHandler({
      ...depsFor(late),
      limiter: createSlidingWindowLimiter(contactRateLimit),
    });
    const response = await handler(
      new Request(`${site.url}/api/send-contact-email`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ ...sampleEnquiry, [submissionIdField]: randomUUID() }),
      }),
      { ip: '192.0.2.7', waitUntil: (work) => void waiting.push(work) },
    );
    expect(response.status).toBe(200);
    await Promise.all(waiting);
    expect(smtp.received).toHaveLength(1);

    clock += enquiryPolicy.firstBackoffMs + 60_000;
    await createRetryHandler(depsFor(sqlite))();
    clock += enquiryPolicy.maxBackoffMs;
    await createRetryHandler(depsFor(sqlite))();
    expect(smtp.received).toHaveLength(1);
    const listed = await sqlite.list();
    expect(listed.ok && listed.value.map((record) => record.status)).toEqual(['delivered']);
  });
});

describe('a Netlify Blobs store that ignores conditional writes', () => {
  it('may mail an enquiry twice, always with its one Message-ID, and loses none', async () => {
    const blobs = await startTestBlobs('ignoring-conditions-');
    cleanups.push(() => blobs.stop());
    const real = globalThis.fetch;
    vi.spyOn(globalThis, 'fetch').mockImplementation((input, init) => {
      const headers = new Headers(init?.headers);
      headers.delete('if-match');
      headers.delete('if-none-match');
      return real(input, { ...init, headers });
    });
    const store = openBlobsStore();
    const kept = Array.from({ length: 12 }, (_, n) =>
      newUnsentRecord(`${n}`.padStart(32, 'e'), sampleEnquiry, false, clock - 60_000),
    );
    for (const record of kept) expect((await store.create(record)).ok).toBe(true);

    await Promise.all([createRetryHandler(depsFor(store))(), createRetryHandler(depsFor(store))()]);
    await waitFor(() => smtp.received.length >= kept.length, 5000);
    const domain = /@([^>]+)>/.exec(process.env.MAIL_FROM ?? '')?.[1];
    const expected = kept.map((record) => `<enquiry-${record.id}@${domain}>`);
    expect([...mailsPerMessageId(smtp.received).keys()].sort()).toEqual(expected.sort());
    const listed = await store.list();
    expect(listed.ok && listed.value.every((record) => record.status === 'delivered')).toBe(true);
  });
});
