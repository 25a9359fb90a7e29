/**
 * The fault matrix: every way the mail server can fail at submit time leaves the visitor told
 * "received" and the enquiry pending; once the server is back, the scheduled job delivers it
 * exactly once. Real SMTP servers (smtp-server), the local Blobs server, the real handlers.
 */
import { randomUUID } from 'node:crypto';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { markDelivered, markUndeliverable, newRecord } from '#enquiries/record.ts';
import type { ContactHandler } from '#enquiries/contact-handler.ts';
import { createRetryHandler } from '#enquiries/retry-handler.ts';
import type { TestBlobs } from '#support/blobs-server.ts';
import {
  contactHandlerForTests,
  realDeps,
  sampleEnquiry,
  shortenSmtpLimits,
  startTempStore,
  stubSmtpEnv,
  storedIds,
} from '#support/enquiries.ts';
import {
  closedPort,
  slowDataMs,
  smtpPass,
  startSilentServer,
  startSmtpServer,
  type TestSmtpServer,
} from '#support/smtp-test-server.ts';
import { enquiryPolicy } from '#src/lib/shared/enquiry-policy.ts';

const endpoint = 'https://agency.example/api/send-contact-email';
let blobs: TestBlobs;
let handler: ContactHandler;
let retry: () => Promise<Response>;
const opened: { close(): Promise<void> }[] = [];
const { store } = realDeps();

async function smtpServer(options: Parameters<typeof startSmtpServer>[0] = {}): Promise<TestSmtpServer> {
  const server = await startSmtpServer(options);
  opened.push(server);
  return server;
}

beforeEach(async () => {
  vi.spyOn(console, 'info').mockImplementation(() => undefined);
  vi.spyOn(console, 'warn').mockImplementation(() => undefined);
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(Date.UTC(2030, 5, 1, 12, 0, 0));
  blobs = await startTempStore('enquiry-faults-');
  handler = contactHandlerForTests();
  retry = createRetryHandler(realDeps());
});

afterEach(async () => {
  for (const server of opened.splice(0)) await server.close();
  await blobs.stop();
  vi.useRealTimers();
  vi.unstubAllEnvs();
  vi.restoreAllMocks();
});

async function submit(): Promise<string> {
  const response = await handler(
    new Request(endpoint, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ ...sampleEnquiry, submissionId: randomUUID() }),
    }),
    { ip: '192.0.2.10' },
  );
  expect(response.status).toBe(200);
  expect(await response.json()).toEqual({ ok: true });
  const ids = await storedIds(store);
  expect(ids.ok && ids.value).toHaveLength(1);
  return ids.ok ? (ids.value[0] ?? '') : '';
}

async function status(id: string) {
  const read = await store.readRecord(id);
  return read.ok ? read.value : undefined;
}

/** Submitted while the server is faulty: pending. Then the server recovers and the job runs. */
async function expectDeliveredOnceAfterRecovery(id: string, healthy: TestSmtpServer): Promise<void> {
  expect(await status(id)).toMatchObject({ status: 'pending', attempts: 1 });
  expect(healthy.received).toHaveLength(0);

  await retry(); // backoff not over yet: nothing sent
  expect(healthy.received).toHaveLength(0);

  vi.setSystemTime(Date.now() + enquiryPolicy.firstBackoffMs + 1);
  stubSmtpEnv(healthy.port);
  expect(await (await retry()).json()).toMatchObject({ ok: true, retried: 1, delivered: 1 });
  expect(healthy.received).toHaveLength(1);
  expect(healthy.received[0]?.mail.messageId).toBe(`<enquiry-${id}@agency.example>`);
  expect(await status(id)).toMatchObject({ status: 'delivered', attempts: 2 });

  vi.setSystemTime(Date.now() + enquiryPolicy.maxBackoffMs);
  await retry();
  expect(healthy.received).toHaveLength(1);
}

describe('the fault matrix', () => {
  it('server down at submit: received, then exactly one mail once it is back', async () => {
    const port = await closedPort();
    stubSmtpEnv(port);
    const id = await submit();
    const back = await smtpServer({ port });
    await expectDeliveredOnceAfterRecovery(id, back);
  });

  it('550 recipient refused: pending, then delivered once', async () => {
    const refusing = await smtpServer({ fault: 'reject-recipient' });
    stubSmtpEnv(refusing.port);
    const id = await submit();
    expect((await status(id))?.lastError).toEqual({
      code: 'EENVELOPE',
      responseCode: 550,
      command: 'RCPT TO',
    });
    await expectDeliveredOnceAfterRecovery(id, await smtpServer());
  });

  it('535 authentication failed: pending, then delivered once', async () => {
    const healthy = await smtpServer();
    stubSmtpEnv(healthy.port);
    vi.stubEnv('SMTP_PASS', 'wrong password');
    const id = await submit();
    expect((await status(id))?.lastError).toMatchObject({ code: 'EAUTH', responseCode: 535 });
    vi.stubEnv('SMTP_PASS', smtpPass);
    await expectDeliveredOnceAfterRecovery(id, healthy);
  });

  it('no greeting: pending, then delivered once', async () => {
    const silent = await startSilentServer();
    opened.push(silent);
    stubSmtpEnv(silent.port);
    shortenSmtpLimits({ greetingTimeout: 200 });
    const id = await submit();
    expect((await status(id))?.lastError).toMatchObject({ code: 'ETIMEDOUT' });
    await expectDeliveredOnceAfterRecovery(id, await smtpServer());
  });

  it('slow DATA past the time limit: pending, then delivered once', async () => {
    const slow = await smtpServer({ fault: 'slow-data' });
    stubSmtpEnv(slow.port);
    shortenSmtpLimits({ sendTimeoutMs: slowDataMs / 3 });
    const id = await submit();
    expect((await status(id))?.lastError).toMatchObject({ code: 'EABORT' });
    await slow.allClosed(slowDataMs * 2);
    expect(slow.received).toHaveLength(0);
    await expectDeliveredOnceAfterRecovery(id, await smtpServer());
  });

  it('server killed mid-send and restarted: delivered once', async () => {
    const dropping = await smtpServer({ fault: 'drop-during-data' });
    stubSmtpEnv(dropping.port);
    const id = await submit();
    const { port } = dropping;
    await dropping.close();
    await expectDeliveredOnceAfterRecovery(id, await smtpServer({ port }));
  });
});

describe('giving up and forgetting', () => {
  it('marks an enquiry failed after 24 hours of failures and logs it without personal data', async () => {
    stubSmtpEnv(await closedPort());
    const id = await submit();
    vi.setSystemTime(Date.now() + enquiryPolicy.giveUpAfterMs + 1);
    expect(await (await retry()).json()).toMatchObject({ undeliverable: 1, retried: 0 });
    expect(await status(id)).toMatchObject({ status: 'failed' });
    const lines = vi.mocked(console.error).mock.calls.map((call) => call.join(' '));
    expect(lines).toContain(`[send-contact-email] outcome=undeliverable id=${id} attempts=1 code=ESOCKET`);
    expect(lines.join('\n')).not.toContain(sampleEnquiry.email);
  });

  it('deletes delivered enquiries after 30 days and failed ones after 90', async () => {
    stubSmtpEnv(await closedPort());
    const start = Date.now();
    const delivered = markDelivered(newRecord('1'.repeat(32), sampleEnquiry, false, start), start);
    const failed = markUndeliverable(newRecord('2'.repeat(32), sampleEnquiry, false, start), start);
    await store.save(delivered);
    await store.save(failed);

    vi.setSystemTime(start + enquiryPolicy.deleteDeliveredAfterMs);
    // Only the delivered one's day has come: the failed one is not even read.
    expect(await (await retry()).json()).toMatchObject({ checked: 1, deleted: 0 });
    vi.setSystemTime(start + enquiryPolicy.deleteDeliveredAfterMs + 1);
    expect(await (await retry()).json()).toMatchObject({ deleted: 1 });
    expect(await storedIds(store)).toEqual({ ok: true, value: [failed.id] });
    vi.setSystemTime(start + enquiryPolicy.deleteFailedAfterMs + 1);
    expect(await (await retry()).json()).toMatchObject({ deleted: 1 });
    expect(await storedIds(store)).toEqual({ ok: true, value: [] });
  });
});
