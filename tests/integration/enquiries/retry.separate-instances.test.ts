/**
 * The contact function and the retry job as Netlify runs them: separate instances sharing no
 * memory, over Netlify Blobs (its local server) and a real SMTP server, while the store refuses to
 * save "delivered" (403). A refusal that the function's instance outlasts never gets the enquiry
 * mailed twice: the lease saved before the send keeps the job off it, and the function saves
 * "delivered" once the store takes it. One that outlasts every instance is the bound: the job
 * mails it again once the lease is over, with the same Message-ID, and nothing is lost.
 */
import { randomUUID } from 'node:crypto';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createContactHandler } from '#enquiries/contact-handler.ts';
import { contactRateLimit, enquiryPolicy } from '#src/lib/shared/enquiry-policy.ts';
import { createRetryHandler } from '#enquiries/retry-handler.ts';
import { createSlidingWindowLimiter } from '#enquiries/sliding-window-limiter.ts';
import type { TestBlobs } from '#support/blobs-server.ts';
import { realDeps, sampleEnquiry, startTempStore, stubSmtpEnv, storedIds } from '#support/enquiries.ts';
import { startSmtpServer, type TestSmtpServer } from '#support/smtp-test-server.ts';

let blobs: TestBlobs;
let smtp: TestSmtpServer;
const { store } = realDeps();
const messageIds = () => smtp.received.map((message) => message.mail.messageId);
/** Each instance with a memory of its own, as Netlify starts them. */
const instance = () => ({ ...realDeps(), unsaved: new Set<string>(), sending: new Set<string>() });
let refusingDelivered = false;

beforeEach(async () => {
  for (const method of ['info', 'warn', 'error'] as const) {
    vi.spyOn(console, method).mockImplementation(() => undefined);
  }
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(Date.UTC(2030, 5, 1, 12));
  blobs = await startTempStore('enquiry-instances-');
  smtp = await startSmtpServer();
  stubSmtpEnv(smtp.port);
  // Netlify Blobs refusing every write of a record marked delivered, while `refusingDelivered`.
  const real = globalThis.fetch;
  vi.spyOn(globalThis, 'fetch').mockImplementation((input, init) => {
    const delivered =
      init?.method?.toUpperCase() === 'PUT' && String(init.body).includes('"status":"delivered"');
    if (refusingDelivered && delivered) return Promise.resolve(new Response('Forbidden', { status: 403 }));
    return real(input, init);
  });
});

afterEach(async () => {
  refusingDelivered = false;
  await smtp.close();
  await blobs.stop();
  vi.useRealTimers();
  vi.unstubAllEnvs();
  vi.restoreAllMocks();
});

/**
 * Sends one enquiry through a function instance; `waitUntil` keeps its later work, as Netlify's
 * does. Without it the instance ends with its answer, and so does the later saving of "delivered"
 * it started: in this one process that work would otherwise go on, and save it under the job.
 */
async function submit(waitUntil?: (work: Promise<unknown>) => void): Promise<string> {
  const own = instance();
  const handler = createContactHandler({
    ...own,
    limiter: createSlidingWindowLimiter(contactRateLimit),
  });
  const request = new Request('https://agency.example/api/send-contact-email', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ ...sampleEnquiry, submissionId: randomUUID() }),
  });
  expect((await handler(request, { ip: '192.0.2.20', waitUntil })).status).toBe(200);
  if (!waitUntil) own.unsaved.clear();
  const ids = await storedIds(store);
  return ids.ok ? (ids.value[0] ?? '') : '';
}

const runJob = async () => (await createRetryHandler(instance())()).json();
const statusOf = async (id: string) => {
  const read = await store.readRecord(id);
  return read.ok ? read.value?.status : read.code;
};

describe('the function and the job on separate instances, "delivered" refused', () => {
  it('mails once when the function outlasts the refusal: the job stays off the lease', async () => {
    refusingDelivered = true;
    const later: Promise<unknown>[] = [];
    const id = await submit((work) => later.push(work));
    expect(smtp.received).toHaveLength(1);
    expect(await statusOf(id)).toBe('pending');

    // The job's runs over the next minutes (past the one-minute lease sends once had).
    for (const minutes of [1, 2, 3]) {
      vi.setSystemTime(Date.UTC(2030, 5, 1, 12, minutes, 1));
      expect(await runJob()).toMatchObject({ retried: 0 });
    }
    refusingDelivered = false;
    await Promise.all(later);
    expect(await statusOf(id)).toBe('delivered');
    vi.setSystemTime(Date.UTC(2030, 5, 1, 12) + enquiryPolicy.sendLeaseMs + 60_000);
    await runJob();
    expect(messageIds()).toEqual([`<enquiry-${id}@agency.example>`]);
  });

  it('past every instance, mails it again once the lease is over: one Message-ID, nothing lost', async () => {
    refusingDelivered = true;
    const id = await submit(); // its instance ended with the answer: no later work
    vi.setSystemTime(Date.UTC(2030, 5, 1, 12) + enquiryPolicy.sendLeaseMs - 1);
    expect(await runJob()).toMatchObject({ retried: 0 });

    refusingDelivered = false;
    vi.setSystemTime(Date.UTC(2030, 5, 1, 12) + enquiryPolicy.sendLeaseMs);
    expect(await runJob()).toMatchObject({ retried: 1, delivered: 1 });
    expect(await statusOf(id)).toBe('delivered');
    const messageId = `<enquiry-${id}@agency.example>`;
    expect(messageIds()).toEqual([messageId, messageId]);
  });
});
