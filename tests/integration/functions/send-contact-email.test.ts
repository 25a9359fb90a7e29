/**
 * The contact function end to end: real `Request`s in, a real SMTP server (smtp-server on
 * 127.0.0.1) receiving what it sends, and the local Blobs server keeping each enquiry.
 */
import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { config, type ContactHandler } from '../../../functions/send-contact-email.mts';
import { contactRateLimit } from '../../../functions/lib/contact-rate-limit.ts';
import { openEnquiryStore } from '../../../functions/lib/store/records.ts';
import { mailRoute } from '../../../functions/lib/mail-settings.ts';
import { maxBodyBytes } from '../../../functions/lib/receive.ts';
import { baseSecurityHeaders, cacheControl } from '../../../src/lib/shared/response-headers.ts';
import { enquiryLimits } from '../../../src/lib/shared/enquiry.ts';
import { contactEndpoint } from '../../../src/lib/shared/paths.ts';
import { fillTimeField, honeypotField } from '../../../src/lib/shared/spam-traps.ts';
import { site } from '../../../src/site.config.ts';
import { startLocalBlobs, type LocalBlobs } from '../../../server/local-blobs.ts';
import {
  contactHandlerForTests,
  shortenSmtpLimits,
  stubSmtpEnv,
  withBlobsDown,
} from '../../support/enquiries.ts';
import { parseEmail } from '../../support/raw-email.ts';
import {
  closedPort,
  smtpPass,
  startSilentServer,
  startSmtpServer,
  waitFor,
  type TestSmtpServer,
} from '../../support/smtp-test-server.ts';

const endpoint = `${site.url}/api/send-contact-email`;
const mailFrom = 'website@agency.example';
const mailTo = 'enquiries@agency.example';

const visitor = {
  name: 'Ada Sentinel-Lovelace',
  email: 'ada.sentinel@visitor.example',
  company: 'Analytical Engines Sentinel Ltd',
  projectType: 'shopify',
  budgetRange: '5k-10k',
  message: 'We need a new Shopify store for our sentinel range.\nSecond line: delivery by spring.',
};

let smtp: TestSmtpServer;
let blobs: LocalBlobs;
let storeRoot: string;
let handler: ContactHandler;
const store = openEnquiryStore();
let logs: string[] = [];
let ipCounter = 0;

/** A different client IP for every request unless a test picks one, so the rate limit stays out of the way. */
function nextIp(): string {
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
function withSubmissionId(body: object): object {
  return 'submissionId' in body ? body : { submissionId: randomUUID(), ...body };
}

function postJson(
  body: unknown,
  { headers = {}, ip = nextIp(), url = endpoint, method = 'POST' }: PostOptions = {},
) {
  const text = typeof body === 'string' ? body : JSON.stringify(withSubmissionId(body as object));
  return handler(
    new Request(url, { method, headers: { 'content-type': 'application/json', ...headers }, body: text }),
    { ip },
  );
}

function postForm(fields: Record<string, string>, { headers = {}, ip = nextIp() }: PostOptions = {}) {
  return handler(
    new Request(endpoint, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded; charset=UTF-8', ...headers },
      body: new URLSearchParams(withSubmissionId(fields) as Record<string, string>).toString(),
    }),
    { ip },
  );
}

function useSmtpPort(port: number): void {
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

function expectSecurityHeaders(response: Response): void {
  for (const [name, value] of Object.entries(securityHeaders)) {
    expect(response.headers.get(name), name).toBe(value);
  }
}

beforeAll(async () => {
  smtp = await startSmtpServer();
  storeRoot = await mkdtemp(path.join(os.tmpdir(), 'contact-store-'));
  blobs = await startLocalBlobs(storeRoot);
});

afterAll(async () => {
  await smtp.close();
  await blobs.stop();
  await rm(storeRoot, { recursive: true, force: true });
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

describe('configuration', () => {
  it('declares the one endpoint path and a Netlify rate limit that follows the local one', () => {
    expect(config).toEqual({
      path: contactEndpoint,
      rateLimit: {
        windowLimit: contactRateLimit.limit,
        windowSize: contactRateLimit.netlifyWindowSeconds,
        aggregateBy: ['ip', 'domain'],
      },
    });
    // Netlify's longest window for a code-defined rule (180 s), as near 10 minutes as it allows;
    // the local limit is longer.
    expect(config.rateLimit.windowSize).toBe(180);
    expect(contactRateLimit.windowMs).toBe(10 * 60 * 1000);
  });

  it('uses 5 s connect, 5 s greeting, 10 s socket and 15 s total time limits', () => {
    const route = mailRoute({ SMTP_HOST: 'smtp.agency.example', MAIL_FROM: mailFrom, MAIL_TO: mailTo });
    expect(route).toMatchObject({
      kind: 'smtp',
      sendTimeoutMs: 15_000,
      transport: {
        host: 'smtp.agency.example',
        port: 587,
        secure: false,
        auth: undefined,
        connectionTimeout: 5000,
        greetingTimeout: 5000,
        socketTimeout: 10_000,
      },
    });
    expect(route.kind === 'smtp' && 'pool' in route.transport).toBe(false);
  });

  it('reads implicit TLS and credentials from the environment', () => {
    const route = mailRoute({
      SMTP_HOST: 'smtp.agency.example',
      SMTP_PORT: '465',
      SMTP_SECURE: 'true',
      SMTP_USER: 'u',
      SMTP_PASS: 'p',
      MAIL_FROM: mailFrom,
      MAIL_TO: mailTo,
    });
    expect(route).toMatchObject({
      kind: 'smtp',
      transport: { port: 465, secure: true, auth: { user: 'u', pass: 'p' } },
    });
  });
});

describe('a valid enquiry', () => {
  it('arrives by SMTP from the fixed sender to the fixed inbox, with the visitor as Reply-To', async () => {
    const response = await postJson(visitor);

    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ ok: true });
    expectSecurityHeaders(response);

    expect(smtp.received).toHaveLength(1);
    const [message] = smtp.received;
    expect(message?.mailFrom).toBe(mailFrom);
    expect(message?.rcptTo).toEqual([mailTo]);

    const email = parseEmail(message?.raw ?? '');
    expect(email.header('from')).toBe(`Agency website <${mailFrom}>`);
    expect(email.header('to')).toBe(mailTo);
    expect(email.header('reply-to')).toBe(`"${visitor.name}" <${visitor.email}>`);
    expect(email.header('subject')).toBe(`New enquiry: Shopify Build — ${visitor.name}`);

    for (const part of [email.text, email.html]) {
      expect(part).toContain(visitor.name);
      expect(part).toContain(visitor.email);
      expect(part).toContain(visitor.company);
      expect(part).toContain('Shopify Build');
      expect(part).toContain('£5,000 - £10,000');
      expect(part).toContain('We need a new Shopify store for our sentinel range.');
      expect(part).toContain('Second line: delivery by spring.');
    }
    expect(logs.join('\n')).toMatch(/outcome=sent id=[0-9a-f]{32} via=smtp stored=yes/);
    expect(email.header('message-id')).toMatch(/^<enquiry-[0-9a-f]{32}@agency\.example>$/);
  });

  it('uses "General" in the subject when no project type is chosen', async () => {
    const response = await postJson({ name: 'Bo', email: 'bo@visitor.example', message: 'Hi' });
    expect(response.status).toBe(200);
    const email = parseEmail(smtp.received[0]?.raw ?? '');
    expect(email.header('subject')).toBe('New enquiry: General — Bo');
  });

  it('accepts a Content-Type with a charset, values at their limits, and ignores unknown keys', async () => {
    const response = await postJson(
      {
        ...visitor,
        name: 'N'.repeat(enquiryLimits.name),
        message: 'M'.repeat(enquiryLimits.message),
        isAdmin: true,
        cc: 'someone-else@elsewhere.example',
      },
      { headers: { 'content-type': 'application/json; charset=utf-8' } },
    );
    expect(response.status).toBe(200);
    expect(smtp.received).toHaveLength(1);
    expect(smtp.received[0]?.rcptTo).toEqual([mailTo]);
    expect(smtp.received[0]?.raw).not.toContain('someone-else@elsewhere.example');
  });

  it('arrives with HTML in the message escaped in the HTML part', async () => {
    const message = '<script>alert("x")</script> & <b>bold</b> \'quoted\'';
    const response = await postJson({ ...visitor, name: '<img src=x onerror=alert(1)>', message });
    expect(response.status).toBe(200);

    const email = parseEmail(smtp.received[0]?.raw ?? '');
    expect(email.html).toContain(
      '&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; &lt;b&gt;bold&lt;/b&gt; &#39;quoted&#39;',
    );
    expect(email.html).toContain('&lt;img src=x onerror=alert(1)&gt;');
    expect(email.html).not.toContain('<script>');
    expect(email.html).not.toContain('<b>bold');
    expect(email.html).not.toContain('<img');
    expect(email.text).toContain(message);
  });
});

describe('a plain form post', () => {
  it('answers 303 to /contact/sent and sends the enquiry', async () => {
    const response = await postForm(visitor);
    expect(response.status).toBe(303);
    expect(response.headers.get('location')).toBe('/contact/sent');
    expectSecurityHeaders(response);
    expect(smtp.received).toHaveLength(1);
    expect(parseEmail(smtp.received[0]?.raw ?? '').text).toContain(visitor.message.split('\n')[0]);
  });

  it('answers 303 to /contact/error when invalid, and sends nothing', async () => {
    const response = await postForm({ ...visitor, email: 'not-an-address' });
    expect(response.status).toBe(303);
    expect(response.headers.get('location')).toBe('/contact/error');
    expect(smtp.received).toHaveLength(0);
  });
});

describe('validation', () => {
  it.each([
    ['a blank name', { name: '   ' }, 'name'],
    ['a missing message', { message: undefined }, 'message'],
    ['a malformed email', { email: 'ada.visitor.example' }, 'email'],
    ['a quoted local part holding an @', { email: '"a@b"@example.com' }, 'email'],
    ['a line break in the email', { email: 'ada@visitor.example\r\nBcc: victim@elsewhere.example' }, 'email'],
    ['a trailing line break in the email', { email: 'ada@visitor.example\n' }, 'email'],
    ['an email over 254 characters', { email: `${'a'.repeat(64)}@${'b'.repeat(190)}.example` }, 'email'],
    ['a name over 100 characters', { name: 'N'.repeat(101) }, 'name'],
    ['a company over 100 characters', { company: 'C'.repeat(101) }, 'company'],
    ['a message over 5,000 characters', { message: 'M'.repeat(5001) }, 'message'],
    ['an unknown project type', { projectType: 'space-travel' }, 'projectType'],
    ['an unknown budget range', { budgetRange: 'millions' }, 'budgetRange'],
  ])('refuses %s with 422 and a message for that field', async (_label, change, field) => {
    const response = await postJson({ ...visitor, ...change });
    expect(response.status).toBe(422);
    const body = (await response.json()) as {
      ok: boolean;
      error: string;
      message: string;
      fields: Record<string, string>;
    };
    expect(body.ok).toBe(false);
    expect(body.error).toBe('invalid_fields');
    expect(body.message).toBeTruthy();
    expect(Object.keys(body.fields)).toEqual([field]);
    expect(body.fields[field]).toMatch(/\w/);
    expectSecurityHeaders(response);
    expect(smtp.received).toHaveLength(0);
  });

  it('reports every invalid field at once', async () => {
    const response = await postJson({ name: '', email: 'x', message: ' ', projectType: 'nope' });
    expect(response.status).toBe(422);
    const body = (await response.json()) as { fields: Record<string, string> };
    expect(Object.keys(body.fields).sort()).toEqual(['email', 'message', 'name', 'projectType']);
  });
});

describe('refusals', () => {
  it('refuses a Content-Length over 32 KB with 413 without reading the body', async () => {
    let pulls = 0;
    const body = new ReadableStream<Uint8Array>(
      {
        pull(controller) {
          pulls += 1;
          controller.enqueue(new TextEncoder().encode('{}'));
          controller.close();
        },
      },
      { highWaterMark: 0 },
    );
    const request = new Request(endpoint, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'content-length': String(maxBodyBytes + 1) },
      body,
      duplex: 'half',
    } as RequestInit);
    const response = await handler(request, { ip: nextIp() });
    expect(response.status).toBe(413);
    expect(((await response.json()) as { error: string }).error).toBe('payload_too_large');
    expect(pulls).toBe(0);
  });

  it('stops reading a body with no Content-Length once it passes 32 KB, and answers 413', async () => {
    let pulls = 0;
    const chunk = new Uint8Array(1024).fill(0x20);
    const body = new ReadableStream<Uint8Array>(
      {
        pull(controller) {
          pulls += 1;
          if (pulls > 1000) controller.close();
          else controller.enqueue(chunk);
        },
      },
      { highWaterMark: 0 },
    );
    const request = new Request(endpoint, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body,
      duplex: 'half',
    } as RequestInit);
    expect(request.headers.get('content-length')).toBeNull();
    const response = await handler(request, { ip: nextIp() });
    expect(response.status).toBe(413);
    expect(pulls).toBeLessThanOrEqual(maxBodyBytes / 1024 + 2);
    expect(smtp.received).toHaveLength(0);
  });

  it('accepts a body just under 32 KB', async () => {
    const json = JSON.stringify({ ...visitor, padding: '' });
    const padded = JSON.stringify({ ...visitor, padding: 'p'.repeat(maxBodyBytes - json.length) });
    expect(new TextEncoder().encode(padded).byteLength).toBe(maxBodyBytes);
    expect((await postJson(padded)).status).toBe(200);
  });

  it.each(['GET', 'PUT', 'DELETE', 'OPTIONS'])('refuses %s with 405 and Allow: POST', async (method) => {
    const response = await handler(new Request(endpoint, { method }), { ip: nextIp() });
    expect(response.status).toBe(405);
    expect(response.headers.get('allow')).toBe('POST');
    expectSecurityHeaders(response);
  });

  it.each([['text/plain'], ['multipart/form-data; boundary=x'], ['application/xml'], ['']])(
    'refuses Content-Type "%s" with 415',
    async (type) => {
      const request = new Request(endpoint, {
        method: 'POST',
        headers: type ? { 'content-type': type } : {},
        body: 'x',
      });
      if (!type) request.headers.delete('content-type');
      const response = await handler(request, { ip: nextIp() });
      expect(response.status).toBe(415);
      expect(((await response.json()) as { error: string }).error).toBe('unsupported_media_type');
    },
  );

  it.each([['{"name":'], ['not json'], ['[1,2]'], ['null'], ['"text"']])(
    'refuses the body %s with 400',
    async (body) => {
      const response = await postJson(body);
      expect(response.status).toBe(400);
      expect(((await response.json()) as { error: string }).error).toBe('invalid_json');
      expect(smtp.received).toHaveLength(0);
    },
  );

  it('refuses Sec-Fetch-Site: cross-site with 403', async () => {
    const response = await postJson(visitor, { headers: { 'sec-fetch-site': 'cross-site' } });
    expect(response.status).toBe(403);
    expect(((await response.json()) as { error: string }).error).toBe('cross_site');
    expect(smtp.received).toHaveLength(0);
  });

  it('refuses a foreign Origin with 403, also for a form post', async () => {
    expect((await postJson(visitor, { headers: { origin: 'https://attacker.example' } })).status).toBe(403);
    expect((await postJson(visitor, { headers: { origin: 'null' } })).status).toBe(403);
    const form = await postForm(visitor, { headers: { origin: 'https://attacker.example' } });
    expect(form.status).toBe(303);
    expect(form.headers.get('location')).toBe('/contact/error');
    expect(smtp.received).toHaveLength(0);
  });

  it('accepts the site origin, the request’s own origin and same-origin fetches', async () => {
    expect((await postJson(visitor, { headers: { origin: site.url } })).status).toBe(200);
    const local = await postJson(visitor, {
      url: 'http://localhost:4321/api/send-contact-email',
      headers: { origin: 'http://localhost:4321', host: 'localhost:4321', 'sec-fetch-site': 'same-origin' },
    });
    expect(local.status).toBe(200);
    expect((await postJson(visitor, { headers: { 'sec-fetch-site': 'same-site' } })).status).toBe(200);
    expect(smtp.received).toHaveLength(3);
  });
});

describe('header injection', () => {
  it('lets CR/LF in name and company add no header and no recipient', async () => {
    const response = await postJson({
      ...visitor,
      name: 'Eve\r\nBcc: victim@elsewhere.example',
      company: 'Evil Ltd\r\nX-Injected: yes\r\nTo: second@elsewhere.example\r\n\r\nbody',
    });
    expect(response.status).toBe(200);
    expect(smtp.received).toHaveLength(1);
    const [message] = smtp.received;
    expect(message?.rcptTo).toEqual([mailTo]);

    const email = parseEmail(message?.raw ?? '');
    const names = email.headers.map((h) => h.name);
    expect(names).not.toContain('bcc');
    expect(names).not.toContain('x-injected');
    expect(names.filter((name) => name === 'to')).toHaveLength(1);
    expect(email.header('to')).toBe(mailTo);
    expect(email.header('subject')).toBe('New enquiry: Shopify Build — Eve Bcc: victim@elsewhere.example');
    for (const header of email.headers) expect(header.value).not.toMatch(/[\r\n]/);
    expect(email.header('reply-to')).toContain(`<${visitor.email}>`);
  });

  it('lets no control or bidirectional formatting character reach a header', async () => {
    const response = await postJson({ ...visitor, name: 'Ada \u202egnp.exe\u2066 Lovelace\u0085' });
    expect(response.status).toBe(200);
    const email = parseEmail(smtp.received[0]?.raw ?? '');
    expect(email.header('subject')).toBe('New enquiry: Shopify Build — Ada gnp.exe Lovelace');
    expect(email.header('reply-to')).toBe(`"Ada gnp.exe Lovelace" <${visitor.email}>`);
    for (const header of email.headers) {
      expect(header.value).not.toMatch(/[\p{Cc}\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/u);
    }
  });

  it('refuses CR/LF in the email address and sends nothing', async () => {
    const response = await postJson({
      ...visitor,
      email: 'eve@visitor.example\r\nBcc: victim@elsewhere.example',
    });
    expect(response.status).toBe(422);
    expect(smtp.received).toHaveLength(0);
    expect(smtp.connections.opened).toBe(0);
  });
});

describe('spam traps', () => {
  it('answers success to a filled honeypot, stores and sends nothing and logs it as spam', async () => {
    const response = await postJson({ ...visitor, [honeypotField]: 'https://spam.example' });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ ok: true });
    expect(smtp.connections.opened).toBe(0);
    expect(smtp.received).toHaveLength(0);
    expect(logs.join('\n')).toContain('outcome=spam reason=honeypot');

    const form = await postForm({ ...visitor, [honeypotField]: 'x' });
    expect(form.status).toBe(303);
    expect(form.headers.get('location')).toBe('/contact/sent');
    expect(smtp.received).toHaveLength(0);
    expect(logs.join('\n')).not.toContain('outcome=queued');
  });

  it('delivers an enquiry filled in under 3 seconds, flagged "[Possible spam]"', async () => {
    expect((await postJson({ ...visitor, [fillTimeField]: 1500 })).status).toBe(200);
    expect((await postForm({ ...visitor, [fillTimeField]: '0' })).headers.get('location')).toBe(
      '/contact/sent',
    );
    expect(smtp.received).toHaveLength(2);
    for (const message of smtp.received) {
      expect(parseEmail(message.raw).header('subject')).toBe(
        `[Possible spam] New enquiry: Shopify Build — ${visitor.name}`,
      );
    }
    expect(logs.filter((line) => line.includes('flagged=too-fast'))).toHaveLength(2);
  });

  it('sends unflagged after 3 seconds, without a fill time, and with an unreadable one', async () => {
    expect((await postJson({ ...visitor, [fillTimeField]: 3000, [honeypotField]: '' })).status).toBe(200);
    expect((await postForm({ ...visitor, [fillTimeField]: '86400000' })).status).toBe(303);
    expect((await postJson({ ...visitor, [fillTimeField]: 'not a number' })).status).toBe(200);
    expect((await postJson({ ...visitor, [fillTimeField]: -5 })).status).toBe(200);
    expect(smtp.received).toHaveLength(4);
    for (const message of smtp.received) {
      expect(parseEmail(message.raw).header('subject')).toBe(`New enquiry: Shopify Build — ${visitor.name}`);
    }
  });
});

describe('one email per enquiry', () => {
  it('answers the same submission id twice as received and mails it once', async () => {
    const submissionId = randomUUID();
    expect((await postJson({ ...visitor, submissionId })).status).toBe(200);
    expect((await postJson({ ...visitor, submissionId })).status).toBe(200);
    expect((await postForm({ ...visitor, submissionId })).headers.get('location')).toBe('/contact/sent');
    expect(smtp.received).toHaveLength(1);
    expect(logs.filter((line) => line.includes('outcome=duplicate'))).toHaveLength(2);
  });

  it('mails a double click sent at the same moment once', async () => {
    const submissionId = randomUUID();
    const responses = await Promise.all([
      postJson({ ...visitor, submissionId }),
      postJson({ ...visitor, submissionId }),
    ]);
    expect(responses.map((response) => response.status)).toEqual([200, 200]);
    expect(smtp.received).toHaveLength(1);
  });

  it('without a submission id, mails the same content sent twice on one day once', async () => {
    const plain = new URLSearchParams({ ...visitor, message: `No script ${randomUUID()}` }).toString();
    const post = () =>
      handler(
        new Request(endpoint, {
          method: 'POST',
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
          body: plain,
        }),
        { ip: nextIp() },
      );
    expect((await post()).headers.get('location')).toBe('/contact/sent');
    expect((await post()).headers.get('location')).toBe('/contact/sent');
    expect(smtp.received).toHaveLength(1);
  });
});

describe('rate limit', () => {
  it('answers the 6th accepted post from one IP within 10 minutes with 429 and Retry-After', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.UTC(2030, 0, 1, 9, 0, 0));
    const ip = '198.51.100.7';
    const minute = 60_000;

    for (let i = 0; i < 5; i += 1) {
      expect((await postJson(visitor, { ip })).status).toBe(200);
      vi.advanceTimersByTime(minute);
    }
    // Five accepted at 09:00 .. 09:04; it is now 09:05.
    const limited = await postJson(visitor, { ip });
    expect(limited.status).toBe(429);
    expect(limited.headers.get('retry-after')).toBe('300');
    expect(((await limited.json()) as { error: string }).error).toBe('rate_limited');
    expectSecurityHeaders(limited);

    const form = await postForm(visitor, { ip });
    expect(form.status).toBe(303);
    expect(form.headers.get('location')).toBe('/contact/error');

    expect((await postJson(visitor, { ip: '198.51.100.8' })).status).toBe(200);
    expect(smtp.received).toHaveLength(6);

    // 09:10 and a moment: the 09:00 post has left the window.
    vi.advanceTimersByTime(5 * minute + 1);
    expect((await postJson(visitor, { ip })).status).toBe(200);
    expect((await postJson(visitor, { ip })).status).toBe(429);
    expect(smtp.received).toHaveLength(7);
  });

  it('does not count refused or spam posts', async () => {
    const ip = '198.51.100.9';
    for (let i = 0; i < 6; i += 1) {
      expect((await postJson({ ...visitor, email: 'bad' }, { ip })).status).toBe(422);
      expect((await postJson({ ...visitor, [honeypotField]: 'x' }, { ip })).status).toBe(200);
    }
    expect((await postJson(visitor, { ip })).status).toBe(200);
  });

  describe('trusts context.ip only, never a header a visitor can write', () => {
    const forged = (n: number) => ({
      'x-nf-client-connection-ip': `192.0.2.${n}`,
      'x-forwarded-for': `198.51.100.${n}`,
    });
    const send = (headers: Record<string, string>, context?: { ip?: string }) =>
      handler(
        new Request(endpoint, {
          method: 'POST',
          headers: { 'content-type': 'application/json', ...headers },
          body: JSON.stringify(withSubmissionId(visitor)),
        }),
        context,
      );

    it('keys on context.ip whatever the forwarding headers claim', async () => {
      const ip = '203.0.113.50';
      for (let n = 1; n <= 5; n += 1) expect((await send(forged(n), { ip })).status).toBe(200);
      expect((await send(forged(6), { ip })).status).toBe(429);
      // The headers a limited visitor sent are nobody's bucket: a forged one's owner is unaffected.
      expect((await send({}, { ip: '192.0.2.6' })).status).toBe(200);
    });

    it('without context.ip, shares one bucket whatever the headers claim', async () => {
      for (let n = 1; n <= 5; n += 1) expect((await send(forged(n))).status).toBe(200);
      expect((await send(forged(6))).status).toBe(429);
      expect((await send(forged(7), {})).status).toBe(429);
      expect((await send({}, { ip: '192.0.2.7' })).status).toBe(200);
    });
  });

  it('counts one IPv6 /64 as one visitor', async () => {
    for (let i = 1; i <= 5; i += 1)
      expect((await postJson(visitor, { ip: `2001:db8:5:6::${i}` })).status).toBe(200);
    expect((await postJson(visitor, { ip: '2001:db8:5:6:ffff::1' })).status).toBe(429);
    expect((await postJson(visitor, { ip: '2001:db8:5:7::1' })).status).toBe(200);
  });

  it('gives the slot back when the enquiry could not be accepted at all (502)', async () => {
    const ip = '198.51.100.77';
    useSmtpPort(await closedPort());
    await withBlobsDown(async () => {
      for (let i = 0; i < 7; i += 1) expect((await postJson(visitor, { ip })).status).toBe(502);
    });
    useSmtpPort(smtp.port);
    for (let i = 0; i < 5; i += 1) expect((await postJson(visitor, { ip })).status).toBe(200);
    expect((await postJson(visitor, { ip })).status).toBe(429);
  });
});

describe('SMTP faults', () => {
  /** Answered as received within the time limit, and kept pending with the failure's code. */
  async function expectSendFailed(response: Response, startedAt: number, limitMs = 15_000): Promise<void> {
    expect(Date.now() - startedAt).toBeLessThan(limitMs);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ ok: true });
    expectSecurityHeaders(response);
    const id = /outcome=queued id=([0-9a-f]{32})/.exec(logs.join('\n'))?.[1] ?? '';
    const stored = await store.get(id);
    expect(stored).toMatchObject({ ok: true, value: { status: 'pending', attempts: 1 } });
    expect(stored.ok && stored.value?.lastError?.code).toMatch(/^[A-Z]+$/);
  }

  it('answers received and keeps the enquiry when the SMTP port is closed', async () => {
    useSmtpPort(await closedPort());
    const started = Date.now();
    await expectSendFailed(await postJson(visitor), started, 5000);
    expect(logs.join('\n')).toMatch(
      /outcome=send_failed id=[0-9a-f]{32} via=smtp code=(ESOCKET|ECONNECTION|ECONNREFUSED)\b/,
    );

    const form = await postForm(visitor);
    expect(form.status).toBe(303);
    expect(form.headers.get('location')).toBe('/contact/sent');
  });

  it('answers 502 (error page for a form post) only when the enquiry could be neither stored nor sent', async () => {
    useSmtpPort(await closedPort());
    await withBlobsDown(async () => {
      const response = await postJson(visitor);
      expect(response.status).toBe(502);
      const body = (await response.json()) as { ok: boolean; error: string; message: string };
      expect(body).toMatchObject({ ok: false, error: 'send_failed' });
      expect(body.message).toContain(site.email);
      expectSecurityHeaders(response);
      const form = await postForm(visitor);
      expect(form.headers.get('location')).toBe('/contact/error');
    });
    expect(logs.join('\n')).toMatch(/outcome=store_failed id=[0-9a-f]{32} code=ECONNREFUSED/);
  });

  it('delivers when the store is down but SMTP works', async () => {
    await withBlobsDown(async () => {
      expect((await postJson(visitor)).status).toBe(200);
    });
    expect(smtp.received).toHaveLength(1);
    expect(logs.join('\n')).toMatch(/outcome=sent id=[0-9a-f]{32} via=smtp stored=no/);
  });

  it('answers received when the server never greets, and closes the connection', async () => {
    const silent = await startSilentServer();
    try {
      useSmtpPort(silent.port);
      shortenSmtpLimits({ greetingTimeout: 300 });
      const started = Date.now();
      await expectSendFailed(await postJson(visitor), started, 3000);
      expect(logs.join('\n')).toContain('code=ETIMEDOUT');
      await waitFor(() => silent.connections.opened === 1 && silent.connections.closed === 1, 2000);
    } finally {
      await silent.close();
    }
  });

  it('aborts the whole send after the total time limit and closes the connection', async () => {
    const silent = await startSilentServer();
    try {
      useSmtpPort(silent.port);
      shortenSmtpLimits({ sendTimeoutMs: 300 }); // greeting timeout stays at its 5 s default
      const started = Date.now();
      await expectSendFailed(await postJson(visitor), started, 3000);
      expect(logs.join('\n')).toContain('code=EABORT');
      await waitFor(() => silent.connections.opened === 1 && silent.connections.closed === 1, 2000);
    } finally {
      await silent.close();
    }
  });

  it('answers received when the connection drops during DATA, with nothing delivered', async () => {
    const dropping = await startSmtpServer({ fault: 'drop-during-data' });
    try {
      useSmtpPort(dropping.port);
      const started = Date.now();
      await expectSendFailed(await postJson(visitor), started, 5000);
      expect(dropping.received).toHaveLength(0);
      expect(dropping.connections.opened).toBe(1);
      await dropping.allClosed();
    } finally {
      await dropping.close();
    }
  });

  it('never sends the password to a server that offers no STARTTLS, unless told to', async () => {
    vi.stubEnv('SMTP_REQUIRE_TLS', undefined);
    await expectSendFailed(await postJson(visitor), Date.now(), 5000);
    expect(smtp.authAttempts).toBe(0);
    expect(smtp.received).toHaveLength(0);
    vi.stubEnv('SMTP_REQUIRE_TLS', 'false');
    expect((await postJson(visitor)).status).toBe(200);
    expect(smtp.authAttempts).toBe(1);
  });

  it('answers received to a 535 authentication failure, tried once', async () => {
    vi.stubEnv('SMTP_PASS', 'wrong password');
    const started = Date.now();
    await expectSendFailed(await postJson(visitor), started, 5000);
    expect(smtp.authAttempts).toBe(1);
    expect(smtp.connections.opened).toBe(1);
    expect(smtp.received).toHaveLength(0);
    expect(logs.join('\n')).toMatch(/code=EAUTH responseCode=535/);
  });

  it('answers received to a 550 recipient refusal, tried once', async () => {
    const refusing = await startSmtpServer({ fault: 'reject-recipient' });
    try {
      useSmtpPort(refusing.port);
      const started = Date.now();
      await expectSendFailed(await postJson(visitor), started, 5000);
      expect(refusing.rcptAttempts).toBe(1);
      expect(refusing.connections.opened).toBe(1);
      expect(refusing.received).toHaveLength(0);
      expect(logs.join('\n')).toMatch(/code=EENVELOPE responseCode=550/);
      await refusing.allClosed();
    } finally {
      await refusing.close();
    }
  });
});

describe('load', () => {
  it('stores and delivers 50 concurrent enquiries from distinct IPs exactly once each', async () => {
    const responses = await Promise.all(
      Array.from({ length: 50 }, (_, i) => postJson({ ...visitor, name: `Concurrent ${i}` })),
    );
    expect(responses.map((r) => r.status)).toEqual(Array(50).fill(200));
    expect(smtp.received).toHaveLength(50);
    const names = smtp.received.map((m) => /Name: (Concurrent \d+)/.exec(parseEmail(m.raw).text)?.[1]);
    expect(new Set(names).size).toBe(50);
    expect(smtp.connections.opened).toBe(50);
    await smtp.allClosed();
    expect(smtp.connections.closed).toBe(50);
    const ids = logs.flatMap((line) => /outcome=sent id=(\w+) via=smtp stored=yes/.exec(line)?.[1] ?? []);
    expect(new Set(ids).size).toBe(50);
    for (const id of ids)
      expect(await store.get(id)).toMatchObject({ ok: true, value: { status: 'delivered' } });
  });
});

describe('logs', () => {
  it('never contain the visitor’s name, email, company or message', async () => {
    const secrets = [visitor.name, visitor.email, visitor.company, 'sentinel range', 'delivery by spring'];
    const failing = await startSmtpServer({ fault: 'reject-recipient' });
    try {
      await postJson(visitor); // sent
      await postForm(visitor); // sent
      await postJson({ ...visitor, email: 'broken' }); // invalid
      await postJson({ ...visitor, message: 'M'.repeat(6000) }); // invalid
      await postJson({ ...visitor, [honeypotField]: 'x' }); // spam
      await postJson({ ...visitor, [fillTimeField]: 10 }); // flagged, sent
      vi.stubEnv('SMTP_PASS', 'wrong');
      await postJson(visitor); // auth failure
      useSmtpPort(failing.port);
      vi.stubEnv('SMTP_PASS', smtpPass);
      await postJson(visitor); // recipient refused
      await withBlobsDown(() => postJson(visitor)); // neither stored nor sent
      vi.stubEnv('SMTP_HOST', undefined);
      await postJson(visitor); // kept: mail not configured
      await postForm(visitor); // kept
      const ip = '203.0.113.50';
      for (let i = 0; i < 6; i += 1) await postJson(visitor, { ip }); // 5 sent, then rate limited
    } finally {
      await failing.close();
    }

    const all = logs.join('\n');
    const outcomes = ['sent', 'queued', 'invalid', 'spam', 'send_failed', 'store_failed', 'kept'];
    for (const outcome of [...outcomes, 'rate_limited']) {
      expect(all).toContain(`outcome=${outcome}`);
    }
    for (const secret of secrets) expect(all).not.toContain(secret);
    expect(all).not.toContain('203.0.113.50');
  });
});
