/**
 * The contact function refuses what it must (method, type, origin, size, header injection) and
 * keeps its spam traps from losing a person.
 */
import { describe, expect, it } from 'vitest';
import { maxBodyBytes } from '#enquiries/body-limit.ts';
import { fillTimeField, honeypotField } from '#src/lib/shared/spam-traps.ts';
import { site } from '#src/site.config.ts';
import {
  endpoint,
  mailTo,
  visitor,
  smtp,
  handler,
  logs,
  nextIp,
  postJson,
  postForm,
  expectSecurityHeaders,
  useContactFunction,
} from '#support/contact-function.ts';

useContactFunction();

/** Every text in a message's decoded headers, however the parser shapes them (addresses, parameters). */
const headerTexts = (value: unknown): string[] => {
  if (typeof value === 'string') return [value];
  if (value instanceof Map) return headerTexts([...value.values()]);
  if (Array.isArray(value)) return value.flatMap(headerTexts);
  if (value && typeof value === 'object' && !(value instanceof Date))
    return Object.values(value).flatMap(headerTexts);
  return [];
};

describe('refusals', () => {
  it('refuses a Content-Length over the limit with 413 without reading the body', async () => {
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
      headers: { 'content-type': 'application/json', 'content-length': String(maxBodyBytes.json + 1) },
      body,
      duplex: 'half',
    } as RequestInit);
    const response = await handler(request, { ip: nextIp() });
    expect(response.status).toBe(413);
    expect(((await response.json()) as { error: string }).error).toBe('payload_too_large');
    expect(pulls).toBe(0);
  });

  it('stops reading a body with no Content-Length once it passes the limit, and answers 413', async () => {
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
    expect(pulls).toBeLessThanOrEqual(maxBodyBytes.json / 1024 + 2);
    expect(smtp.received).toHaveLength(0);
  });

  it('accepts a body of exactly the limit', async () => {
    const json = JSON.stringify({ ...visitor, padding: '' });
    const padded = JSON.stringify({ ...visitor, padding: 'p'.repeat(maxBodyBytes.json - json.length) });
    expect(new TextEncoder().encode(padded).byteLength).toBe(maxBodyBytes.json);
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

    const email = message?.mail;
    const names = email?.headerLines.map((line) => line.key);
    expect(names).not.toContain('bcc');
    expect(names).not.toContain('x-injected');
    expect(names?.filter((name) => name === 'to')).toHaveLength(1);
    expect(email?.to).toMatchObject({ value: [{ address: mailTo }] });
    expect(email?.subject).toBe('New enquiry: Shopify Build — Eve Bcc: victim@elsewhere.example');
    expect(headerTexts(email?.headers)).toContain(email?.subject);
    for (const text of headerTexts(email?.headers)) expect(text).not.toMatch(/[\r\n]/);
    expect(email?.replyTo?.value).toMatchObject([{ address: visitor.email }]);
  });

  it('lets no control or bidirectional formatting character reach a header', async () => {
    const response = await postJson({ ...visitor, name: 'Ada \u202egnp.exe\u2066 Lovelace\u0085' });
    expect(response.status).toBe(200);
    const email = smtp.received[0]?.mail;
    expect(email?.subject).toBe('New enquiry: Shopify Build — Ada gnp.exe Lovelace');
    expect(email?.replyTo?.value).toEqual([{ name: 'Ada gnp.exe Lovelace', address: visitor.email }]);
    expect(headerTexts(email?.headers)).toContain('Ada gnp.exe Lovelace');
    for (const text of headerTexts(email?.headers)) {
      expect(text).not.toMatch(/[\p{Cc}\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/u);
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
      expect(message.mail.subject).toBe(`[Possible spam] New enquiry: Shopify Build — ${visitor.name}`);
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
      expect(message.mail.subject).toBe(`New enquiry: Shopify Build — ${visitor.name}`);
    }
  });
});
