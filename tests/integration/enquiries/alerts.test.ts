/**
 * The owner hears once, on either store: two servers (two connections to one SQLite file, or two
 * function instances on the local Netlify Blobs server) share enquiries, a real mail server that
 * defers or refuses and then accepts, and a real webhook receiver. Three waiting enquiries give one
 * alert between them and, once all are mailed (each once), one resolution; `/api/health` answers
 * 503 and then 200; with mail working nothing is sent. A fake clock moves past ALERT_AFTER_MINUTES.
 * No visitor's details in any alert or health answer.
 */
import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createContactHandler } from '#enquiries/contact-handler.ts';
import { createHealthHandler } from '#enquiries/health-handler.ts';
import { createRetryHandler } from '#enquiries/retry-handler.ts';
import { contactRateLimit } from '#src/lib/shared/enquiry-policy.ts';
import { deliverEmail } from '#enquiries/send.ts';
import { createSlidingWindowLimiter } from '#enquiries/sliding-window-limiter.ts';
import { openBlobsStore } from '#enquiries/store/blobs.ts';
import { openSqliteStore } from '#enquiries/store/sqlite.ts';
import type { EnquiryStore } from '#enquiries/store/store.ts';
import { contactEndpoint, healthEndpoint } from '#src/lib/shared/paths.ts';
import { submissionIdField } from '#src/lib/shared/submission.ts';
import { site } from '#src/site.config.ts';
import { startTestBlobs, type TestBlobs } from '#support/blobs-server.ts';
import { sampleEnquiry } from '#support/enquiries.ts';
import { smtpTestEnv, startSmtpServer, type TestSmtpServer } from '#support/smtp-test-server.ts';
import { startWebhookReceiver, type WebhookReceiver } from '#support/webhook-receiver.ts';

const minute = 60_000;
const tag = randomUUID().slice(0, 8);
let clock = Date.UTC(2031, 2, 3, 9, 0, 0);
const now = () => clock;
let smtp: TestSmtpServer | undefined;
let receiver: WebhookReceiver;
const cleanup: (() => Promise<void>)[] = [];
const logged: string[] = [];

type Adapter = 'sqlite' | 'blobs';

/** Two stores on one place: two SQLite connections to one file, or two Blobs clients. */
async function twoStores(adapter: Adapter): Promise<[EnquiryStore, EnquiryStore]> {
  if (adapter === 'blobs') {
    const blobs: TestBlobs = await startTestBlobs('alerts-');
    cleanup.push(() => blobs.stop());
    return [openBlobsStore(), openBlobsStore()];
  }
  const directory = await mkdtemp(join(tmpdir(), 'alerts-'));
  const stores: [EnquiryStore, EnquiryStore] = [openSqliteStore(directory), openSqliteStore(directory)];
  cleanup.push(async () => {
    for (const store of stores) await store.close();
    await rm(directory, { recursive: true, force: true });
  });
  return stores;
}

/** One server's functions over its own store, as a host wires them. */
function server(store: EnquiryStore, env: Record<string, string>) {
  const deps = { now, store, mailer: deliverEmail, env, brand: site.brand };
  const limiter = createSlidingWindowLimiter(contactRateLimit);
  const contact = createContactHandler({ ...deps, limiter, site });
  const health = createHealthHandler(deps);
  return {
    retry: createRetryHandler(deps),
    /** Posts an enquiry; answers its status once the work after the answer is done too. */
    async post(message: string) {
      const { status, after } = await this.answer(message);
      await after;
      return status;
    },
    /** Posts an enquiry; answers its status, and the work after the answer still under way. */
    async answer(message: string) {
      const after: Promise<unknown>[] = [];
      const response = await contact(
        new Request(`${site.url}${contactEndpoint}`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ ...sampleEnquiry, message, [submissionIdField]: randomUUID() }),
        }),
        { ip: `192.0.2.${after.length + 10}`, waitUntil: (work) => void after.push(work) },
      );
      return { status: response.status, after: Promise.all(after) };
    },
    async health() {
      const response = await health(new Request(`${site.url}${healthEndpoint}`));
      return {
        status: response.status,
        type: response.headers.get('content-type'),
        body: await response.text(),
      };
    },
  };
}

const messages = [1, 2, 3].map((n) => `Enquiry ${n} about a new store, ${tag}`);

function expectNoVisitorDetails(text: string) {
  for (const secret of [sampleEnquiry.name, sampleEnquiry.email, sampleEnquiry.company, tag]) {
    if (secret) expect(text).not.toContain(secret);
  }
}

async function setUp(adapter: Adapter, fault: 'defer-recipient' | 'reject-recipient' | 'none') {
  smtp = await startSmtpServer({ fault });
  const env = { ...smtpTestEnv(smtp.port), ALERT_WEBHOOK_URL: receiver.url, ALERT_AFTER_MINUTES: '15' };
  const [storeA, storeB] = await twoStores(adapter);
  return { env, a: server(storeA, env), b: server(storeB, env) };
}

/** The mail server back up where it was, accepting everything. */
async function mailWorksAgain(): Promise<TestSmtpServer> {
  const port = smtp?.port;
  await smtp?.close();
  smtp = await startSmtpServer({ port });
  return smtp;
}

beforeEach(async () => {
  vi.spyOn(console, 'info').mockImplementation(() => undefined);
  vi.spyOn(console, 'warn').mockImplementation(() => undefined);
  vi.spyOn(console, 'error').mockImplementation((line: unknown) => void logged.push(String(line)));
  logged.length = 0;
  receiver = await startWebhookReceiver();
});

afterEach(async () => {
  for (const step of cleanup.splice(0).reverse()) await step();
  await smtp?.close();
  smtp = undefined;
  await receiver.close();
  vi.restoreAllMocks();
});

describe.each<Adapter>(['sqlite', 'blobs'])('the owner’s alerts on %s', (adapter) => {
  it('sends one alert for three waiting enquiries and one resolution once all are mailed', async () => {
    const { a, b } = await setUp(adapter, 'defer-recipient');
    for (const [index, message] of messages.entries()) {
      expect(await (index % 2 ? b : a).post(message)).toBe(200);
    }
    await Promise.all([a.retry(), b.retry()]);
    expect((await a.health()).status).toBe(200);
    expect(receiver.received).toHaveLength(0);

    clock += 16 * minute;
    await Promise.all([a.retry(), b.retry()]);
    const failing = await b.health();
    expect(failing.status).toBe(503);
    expect(failing.type).toBe('application/health+json');
    expect(JSON.parse(failing.body)).toMatchObject({ status: 'fail' });
    expect(receiver.received).toHaveLength(1);
    expect(receiver.received[0]?.body).toContain('3 enquiries are waiting');

    clock += 2 * minute;
    await Promise.all([a.retry(), b.retry()]);
    expect(receiver.received).toHaveLength(1);

    const mail = await mailWorksAgain();
    clock += 61 * minute;
    await Promise.all([a.retry(), b.retry()]);
    await Promise.all([a.retry(), b.retry()]);
    expect(mail.received.map((item) => item.mail.text?.match(/Enquiry \d/)?.[0]).sort()).toEqual([
      'Enquiry 1',
      'Enquiry 2',
      'Enquiry 3',
    ]);
    expect(receiver.received).toHaveLength(2);
    expect(receiver.received[1]?.body).toContain('reach the inbox again');
    const healthy = await a.health();
    expect(healthy.status).toBe(200);
    expect(JSON.parse(healthy.body)).toMatchObject({ status: 'pass' });

    for (const text of [failing.body, healthy.body, ...receiver.received.map((item) => item.body)]) {
      expectNoVisitorDetails(text);
    }
  });

  it('alerts at once when the mail server refuses for good, and logs a failing webhook once', async () => {
    const { a, b } = await setUp(adapter, 'reject-recipient');
    receiver.answer = 500;
    for (const message of messages) expect(await a.post(message)).toBe(200);
    // The first refusal opens the incident: one try of the alert, refused by the webhook.
    expect(receiver.received).toHaveLength(1);
    expect((await b.health()).status).toBe(503);
    await Promise.all([a.retry(), b.retry()]);
    clock += 2 * minute;
    await Promise.all([a.retry(), b.retry()]);
    expect(receiver.received.length).toBeGreaterThan(1);
    const failures = logged.filter((line) => line.includes('ALERT_WEBHOOK_URL did not take the alert'));
    expect(failures).toHaveLength(1);
  });

  it('answers the visitor while the webhook hangs, and the job still sends what is due', async () => {
    const { a } = await setUp(adapter, 'reject-recipient');
    receiver.answer = 'hang';
    const { status, after } = await a.answer(messages[0] ?? '');
    // Answered, and the alert still waiting on the webhook.
    expect(status).toBe(200);
    let settled = false;
    void after.then(() => (settled = true));
    // A request reaching a local server: seconds, not Vitest's 1 s, on a machine shared with other suites.
    await vi.waitFor(() => expect(receiver.received).toHaveLength(1), { timeout: 30_000 });
    expect(settled).toBe(false);
    receiver.release();
    await after;
    const mail = await mailWorksAgain();
    clock += 2 * minute;
    receiver.answer = 'hang';
    const run = a.retry();
    await vi.waitFor(() => expect(mail.received).toHaveLength(1), { timeout: 30_000 });
    receiver.release();
    await run;
  });

  it('sends nothing while mail works', async () => {
    const { a, b } = await setUp(adapter, 'none');
    for (const message of messages) expect(await b.post(message)).toBe(200);
    clock += 30 * minute;
    await Promise.all([a.retry(), b.retry()]);
    expect(smtp?.received).toHaveLength(3);
    expect(receiver.received).toHaveLength(0);
    const health = await a.health();
    expect(health.status).toBe(200);
    expect(JSON.parse(health.body)).toMatchObject({ status: 'pass' });
  });
});
