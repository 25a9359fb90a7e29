/**
 * The contact function's test harness: real `Request`s in, a real SMTP server (smtp-server on
 * 127.0.0.1) receiving what it sends, and the local Blobs server keeping each enquiry. A test file
 * calls `useContactFunction()` once; the servers and the handler are live bindings it reads.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, afterEach, beforeAll, beforeEach, expect, vi } from 'vitest';
import type { ContactHandler } from '#enquiries/contact-handler.ts';
import { openBlobsStore } from '#enquiries/store/blobs.ts';
import { baseSecurityHeaders, cacheControl } from '#src/lib/shared/response-headers.ts';
import { site } from '#src/site.config.ts';
import type { TestBlobs } from './blobs-server.ts';
import { contactHandlerForTests, sampleEnquiry, startTempStore, stubSmtpEnv } from './enquiries.ts';
import { startSmtpServer, type TestSmtpServer } from './smtp-test-server.ts';

export const endpoint = `${site.url}/api/send-contact-email`;
export const mailFrom = 'website@agency.example';
export const mailTo = 'enquiries@agency.example';

/** The sample enquiry with a two-line message, to see the line break kept in the email. */
export const visitor = {
  ...sampleEnquiry,
  message: `${sampleEnquiry.message}\nSecond line: delivery by spring.`,
};

export let smtp: TestSmtpServer;
export let blobs: TestBlobs;
export let handler: ContactHandler;
export const store = openBlobsStore();
export let logs: string[] = [];
let ipCounter = 0;

/** A different client IP for every request unless a test picks one, so the rate limit stays out of the way. */
export function nextIp(): string {
  ipCounter += 1;
  return `10.${(ipCounter >> 16) & 255}.${(ipCounter >> 8) & 255}.${ipCounter & 255}`;
}

interface PostOptions {
  headers?: Record<string, string>;
  ip?: string;
  url?: string;
  method?: string;
}

/** Like the form's script, every enquiry object gets its own submission id unless it has one. */
export function withSubmissionId(body: object): object {
  return 'submissionId' in body ? body : { submissionId: randomUUID(), ...body };
}

export function postJson(
  body: unknown,
  { headers = {}, ip = nextIp(), url = endpoint, method = 'POST' }: PostOptions = {},
) {
  const text = typeof body === 'string' ? body : JSON.stringify(withSubmissionId(body as object));
  return handler(
    new Request(url, { method, headers: { 'content-type': 'application/json', ...headers }, body: text }),
    { ip },
  );
}

export function postForm(fields: Record<string, string>, { headers = {}, ip = nextIp() }: PostOptions = {}) {
  return handler(
    new Request(endpoint, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded; charset=UTF-8', ...headers },
      body: new URLSearchParams(withSubmissionId(fields) as Record<string, string>).toString(),
    }),
    { ip },
  );
}

export function useSmtpPort(port: number): void {
  vi.stubEnv('SMTP_PORT', String(port));
}

/**
 * What every answer of the function carries: JSON, never cached, the site's base headers a JSON
 * answer needs, and a policy that lets it load nothing at all.
 */
const securityHeaders = {
  'Content-Type': 'application/json; charset=utf-8',
  'Cache-Control': cacheControl.never,
  'X-Content-Type-Options': baseSecurityHeaders['X-Content-Type-Options'],
  'Referrer-Policy': baseSecurityHeaders['Referrer-Policy'],
  'Content-Security-Policy': "default-src 'none'; frame-ancestors 'none'",
  'Strict-Transport-Security': baseSecurityHeaders['Strict-Transport-Security'],
};

export function expectSecurityHeaders(response: Response): void {
  for (const [name, value] of Object.entries(securityHeaders)) {
    expect(response.headers.get(name), name).toBe(value);
  }
}

/** Registers the SMTP server, the local store and the fresh handler each test of the calling file uses. */
export function useContactFunction(): void {
  beforeAll(async () => {
    smtp = await startSmtpServer();
    blobs = await startTempStore('contact-store-');
  });

  afterAll(async () => {
    await smtp.close();
    await blobs.stop();
  });

  beforeEach(() => {
    handler = contactHandlerForTests();
    logs = [];
    for (const method of ['log', 'info', 'warn', 'error', 'debug'] as const) {
      vi.spyOn(console, method).mockImplementation((...args: unknown[]) => {
        logs.push(args.map(String).join(' '));
      });
    }
    stubSmtpEnv(smtp.port);
  });

  afterEach(async () => {
    await smtp.allClosed();
    smtp.reset();
    vi.useRealTimers();
    vi.unstubAllEnvs();
    vi.restoreAllMocks();
  });
}
