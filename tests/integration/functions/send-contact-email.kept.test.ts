/**
 * The contact function when an enquiry cannot be mailed at once: mail not configured (kept in the
 * store and answered as accepted, then mailed once by the retry job when mail is configured),
 * the store down as well (the error answer), crafted field values (422, never a throw), and a
 * duplicate arriving while the first request is still running (the first's answer, once it has
 * one); a store that answers its conditional write with 403, 429 or 500 has not stored it, so it is never "kept". Real
 * `Request`s, Netlify Blobs' local server and a real SMTP server.
 */
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { type EnquiryRecord } from '#enquiries/record.ts';
import { createRetryHandler } from '#enquiries/retry-handler.ts';
import type { ContactHandler } from '#enquiries/contact-handler.ts';
import { createSiteServer } from '#server/server.ts';
import { startTestBlobs, type TestBlobs } from '#support/blobs-server.ts';
import { contactEndpoint } from '#src/lib/shared/paths.ts';
import { fillTimeField, honeypotField } from '#src/lib/shared/spam-traps.ts';
import { site } from '#src/site.config.ts';
import {
  contactHandlerForTests,
  realDeps,
  sampleEnquiry,
  shortenSmtpLimits,
  stubSmtpEnv,
  withBlobsDown,
  storedIds,
  whileConditionalWritesAnswer,
} from '#support/enquiries.ts';
import { startSilentServer, startSmtpServer, type TestSmtpServer } from '#support/smtp-test-server.ts';
import { enquiryPolicy } from '#src/lib/shared/enquiry-policy.ts';

const endpoint = `${site.url}${contactEndpoint}`;
const storeDir = mkdtempSync(path.join(os.tmpdir(), 'contact-kept-'));
let smtp: TestSmtpServer;
let blobs: TestBlobs;
let handler: ContactHandler;
const { store } = realDeps();
const logs: { level: string; line: string }[] = [];
let ipCounter = 0;

const send = (body: string, type: string, ip = `10.9.0.${(ipCounter += 1)}`) =>
  handler(new Request(endpoint, { method: 'POST', headers: { 'content-type': type }, body }), { ip });
const postJson = (fields: object, ip?: string) =>
  send(JSON.stringify({ submissionId: randomUUID(), ...fields }), 'application/json', ip);
const postForm = (fields: Record<string, string>) =>
  send(new URLSearchParams(fields).toString(), 'application/x-www-form-urlencoded');

async function storedRecords(): Promise<EnquiryRecord[]> {
  const ids = await storedIds(store);
  const records: EnquiryRecord[] = [];
  for (const id of ids.ok ? ids.value : []) {
    const read = await store.readRecord(id);
    if (read.ok && read.value) records.push(read.value);
  }
  return records;
}

function unconfigureMail(): void {
  for (const name of ['SMTP_HOST', 'SMTP_PORT', 'SMTP_USER', 'SMTP_PASS', 'MAIL_FROM', 'MAIL_TO'])
    vi.stubEnv(name, undefined);
}

beforeAll(async () => {
  smtp = await startSmtpServer();
  blobs = await startTestBlobs();
});

afterAll(async () => {
  await smtp.close();
  await blobs.stop();
  rmSync(storeDir, { recursive: true, force: true });
});

beforeEach(async () => {
  handler = contactHandlerForTests();
  logs.length = 0;
  for (const level of ['log', 'info', 'warn', 'error'] as const) {
    vi.spyOn(console, level).mockImplementation((...args: unknown[]) => {
      logs.push({ level, line: args.map(String).join(' ') });
    });
  }
  stubSmtpEnv(smtp.port);
  for (const record of await storedRecords()) await store.remove(record.id);
});

afterEach(() => {
  smtp.reset();
  vi.useRealTimers();
  vi.unstubAllEnvs();
  vi.restoreAllMocks();
});

describe('with mail not configured', () => {
  it.each([
    ['no SMTP_HOST', { SMTP_HOST: undefined }, 'SMTP_HOST is not set'],
    ['no MAIL_TO', { MAIL_TO: undefined }, 'MAIL_FROM and MAIL_TO'],
    ['a malformed MAIL_FROM', { MAIL_FROM: 'agency website' }, 'MAIL_FROM must be an email address'],
    [
      'no SMTP_HOST on Netlify',
      { SMTP_HOST: undefined, NETLIFY: 'true', CONTEXT: 'production' },
      'SMTP_HOST',
    ],
  ])('with %s: keeps the enquiry and answers as accepted', async (_label, env, problem) => {
    for (const [name, value] of Object.entries(env)) vi.stubEnv(name, value);
    const json = await postJson(sampleEnquiry);
    expect(json.status).toBe(200);
    expect(await json.json()).toEqual({ ok: true });
    const form = await postForm({ ...sampleEnquiry, message: `No script ${randomUUID()}` });
    expect(form.status).toBe(303);
    expect(form.headers.get('location')).toBe('/contact/sent');
    expect(smtp.connections.opened).toBe(0);

    const records = await storedRecords();
    expect(records).toHaveLength(2);
    for (const record of records) {
      expect(record).toMatchObject({ status: 'pending', reason: 'not_configured', attempts: 0 });
    }
    // One error line per kept enquiry, with its id and why; nothing the visitor wrote.
    expect(logs.map(({ level }) => level)).toEqual(['error', 'error']);
    for (const [i, { line }] of logs.entries()) {
      expect(line).toMatch(/^\[send-contact-email\] outcome=kept id=[0-9a-f]{32} reason=not_configured /);
      expect(line).toContain(problem);
      expect(records.map((record) => record.id)).toContain(/id=(\w+)/.exec(line)?.[1]);
      for (const secret of [sampleEnquiry.name, sampleEnquiry.email, 'sentinel range'])
        expect(line, String(i)).not.toContain(secret);
    }
  });

  it('answers a kept enquiry exactly as a sent one', async () => {
    const sent = await postJson(sampleEnquiry);
    unconfigureMail();
    const kept = await postJson(sampleEnquiry);
    expect(kept.status).toBe(sent.status);
    expect(await kept.text()).toBe(await sent.text());
    expect(Object.fromEntries(kept.headers)).toEqual(Object.fromEntries(sent.headers));
  });

  it('keeps the honeypot and the rate limit as they are', async () => {
    unconfigureMail();
    expect((await postJson({ ...sampleEnquiry, [honeypotField]: 'x' })).status).toBe(200);
    expect(await storedRecords()).toHaveLength(0);
    const statuses = [];
    for (let i = 0; i < 6; i += 1) statuses.push((await postJson(sampleEnquiry, '192.0.2.200')).status);
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429]);
  });

  it('answers the error, values kept, only when the store is down too', async () => {
    unconfigureMail();
    await withBlobsDown(async () => {
      const json = await postJson(sampleEnquiry);
      expect(json.status).toBe(503);
      expect(await json.json()).toMatchObject({ ok: false, error: 'store_unavailable' });
      expect((await postForm(sampleEnquiry)).headers.get('location')).toBe('/contact/error');
    });
    expect(logs.map(({ line }) => line).join('\n')).not.toContain('outcome=kept');
  });

  it.each([403, 429, 500])(
    'answers the error, never "kept", when the store answers its conditional write with %i',
    async (status) => {
      unconfigureMail();
      const answer = await whileConditionalWritesAnswer(status, () => postJson(sampleEnquiry));
      expect(answer.status).toBe(503);
      expect(logs.map(({ line }) => line).join('\n')).not.toContain('outcome=kept');
      expect(await storedRecords()).toEqual([]);
    },
  );

  it('is mailed once by the retry job once mail is configured, and never given up before', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    unconfigureMail();
    await postJson(sampleEnquiry);
    await postForm({ ...sampleEnquiry, message: 'Kept without a script' });
    const retry = createRetryHandler(realDeps());

    vi.setSystemTime(Date.now() + enquiryPolicy.deleteFailedAfterMs * 2);
    expect(await (await retry()).json()).toMatchObject({ ok: true, mailConfigured: false, retried: 0 });
    const waiting = await storedRecords();
    expect(waiting.map((record) => [record.status, record.reason])).toEqual([
      ['pending', 'not_configured'],
      ['pending', 'not_configured'],
    ]);

    stubSmtpEnv(smtp.port);
    expect(await (await retry()).json()).toMatchObject({ mailConfigured: true, retried: 2, delivered: 2 });
    expect(await (await retry()).json()).toMatchObject({ retried: 0, delivered: 0 });
    expect(smtp.received).toHaveLength(2);
    const texts = smtp.received.map((message) => message.mail.text ?? '');
    expect(texts.filter((text) => text.includes('Kept without a script'))).toHaveLength(1);
    for (const record of await storedRecords()) {
      expect(record).toMatchObject({ status: 'delivered', attempts: 1 });
      expect(record.reason).toBeUndefined();
    }
  });
});

describe('crafted field values', () => {
  it.each([
    [honeypotField, { toString: 1 }],
    [honeypotField, ['x']],
    [honeypotField, null],
    ['submissionId', { length: 36 }],
    [fillTimeField, { valueOf: 1 }],
    ['name', { toString: 1 }],
    ['message', 42],
  ])('answers %s = %j with 422 naming the field', async (field, value) => {
    const response = await postJson({ ...sampleEnquiry, [field]: value });
    expect(response.status).toBe(422);
    const body = (await response.json()) as { error: string; fields: Record<string, string> };
    expect(body.error).toBe('invalid_fields');
    expect(Object.keys(body.fields)).toEqual([field]);
    expect(await storedRecords()).toHaveLength(0);
  });

  it('behind the local server: 422, and no line saying the request was cut off', async () => {
    const lines: string[] = [];
    const server = createSiteServer({ root: storeDir, log: (line) => lines.push(line) });
    await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
    try {
      const { port } = server.address() as AddressInfo;
      const response = await fetch(`http://127.0.0.1:${port}${contactEndpoint}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ ...sampleEnquiry, [honeypotField]: { toString: 1 } }),
      });
      expect(response.status).toBe(422);
      expect(response.headers.get('content-type')).toMatch(/^application\/json/);
    } finally {
      await new Promise((done) => server.close(done));
    }
    const all = [...lines, ...logs.map(({ line }) => line)].join('\n');
    expect(all).not.toMatch(/cut off|Request failed/);
  });
});

describe('a duplicate while the first request is still running', () => {
  it('waits for the first and gives its error answer when nothing was kept', async () => {
    const silent = await startSilentServer();
    try {
      vi.stubEnv('SMTP_PORT', String(silent.port));
      shortenSmtpLimits({ sendTimeoutMs: 400 });
      const submissionId = randomUUID();
      const plain = new URLSearchParams({ ...sampleEnquiry, message: `Twice ${randomUUID()}` }).toString();
      const [first, second, formFirst, formSecond] = await withBlobsDown(() =>
        Promise.all([
          postJson({ ...sampleEnquiry, submissionId }),
          postJson({ ...sampleEnquiry, submissionId }),
          send(plain, 'application/x-www-form-urlencoded'),
          send(plain, 'application/x-www-form-urlencoded'),
        ]),
      );
      expect([first?.status, second?.status]).toEqual([502, 502]);
      expect([formFirst, formSecond].map((form) => form?.headers.get('location'))).toEqual([
        '/contact/error',
        '/contact/error',
      ]);
      // One send attempt each: the duplicates never tried on their own.
      expect(silent.connections.opened).toBe(2);
    } finally {
      await silent.close();
    }
  });

  it('waits for the first and answers received once it is sent, mailed once', async () => {
    const slow = await startSmtpServer({ fault: 'slow-data' });
    try {
      vi.stubEnv('SMTP_PORT', String(slow.port));
      const submissionId = randomUUID();
      const responses = await Promise.all([
        postJson({ ...sampleEnquiry, submissionId }),
        postJson({ ...sampleEnquiry, submissionId }),
      ]);
      expect(responses.map((response) => response.status)).toEqual([200, 200]);
      expect(slow.received).toHaveLength(1);
      expect(logs.filter(({ line }) => line.includes('outcome=duplicate'))).toHaveLength(1);
    } finally {
      await slow.close();
    }
  });
});
