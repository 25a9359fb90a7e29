/**
 * The pure pieces of the contact function, one by one.
 */
import { describe, expect, it } from 'vitest';
import { clientIp } from '../../functions/lib/contact-rate-limit.ts';
import { escapeHtml, singleLine } from '../../functions/lib/enquiry-email.ts';
import { mailRoute } from '../../functions/lib/mail-settings.ts';
import { enquiryFormat, isCrossSite, parseFields } from '../../functions/lib/read-request.ts';
import { createSlidingWindowLimiter } from '../../functions/lib/sliding-window-limiter.ts';
import { fillTimeField, honeypotField, minimumFillTimeMs, spamVerdict } from '../../src/lib/spam-traps.ts';

const request = (headers: Record<string, string> = {}, url = 'https://www.agency.example/api/x') =>
  new Request(url, { method: 'POST', headers });

describe('createSlidingWindowLimiter', () => {
  it('allows `limit` hits per window, then gives the seconds until the oldest one leaves', () => {
    const limiter = createSlidingWindowLimiter({ limit: 2, windowMs: 10_000 });
    expect(limiter.consume('a', 0)).toEqual({ allowed: true });
    expect(limiter.consume('a', 4_000)).toEqual({ allowed: true });
    expect(limiter.check('a', 4_500)).toEqual({ allowed: false, retryAfterSeconds: 6 });
    expect(limiter.consume('a', 4_500)).toEqual({ allowed: false, retryAfterSeconds: 6 });
    expect(limiter.consume('b', 4_500)).toEqual({ allowed: true });
    expect(limiter.consume('a', 10_001)).toEqual({ allowed: true });
    expect(limiter.consume('a', 10_002)).toEqual({ allowed: false, retryAfterSeconds: 4 });
  });

  it('does not count refused hits, and forgets everything on reset', () => {
    const limiter = createSlidingWindowLimiter({ limit: 1, windowMs: 1000 });
    limiter.consume('a', 0);
    for (let t = 1; t < 1000; t += 100) expect(limiter.consume('a', t).allowed).toBe(false);
    expect(limiter.consume('a', 1000).allowed).toBe(true);
    limiter.reset();
    expect(limiter.consume('a', 1001).allowed).toBe(true);
  });

  it('sweeps expired keys once it tracks many', () => {
    const limiter = createSlidingWindowLimiter({ limit: 1, windowMs: 1000, sweepAbove: 3 });
    for (const key of ['a', 'b', 'c', 'd']) limiter.consume(key, 0);
    limiter.consume('e', 5000); // sweeps a-d
    expect(limiter.consume('a', 5000).allowed).toBe(true);
  });
});

describe('spamVerdict', () => {
  it('drops a filled honeypot, whatever the fill time', () => {
    expect(spamVerdict({ [honeypotField]: 'https://x.example' })).toBe('honeypot');
    expect(spamVerdict({ [honeypotField]: 'x', [fillTimeField]: 60_000 })).toBe('honeypot');
    expect(spamVerdict({ [honeypotField]: '   ' })).toBeUndefined();
    expect(spamVerdict({ [honeypotField]: '' })).toBeUndefined();
  });

  it('calls a fill time under the minimum too fast, measured by the visitor alone', () => {
    expect(spamVerdict({ [fillTimeField]: minimumFillTimeMs - 1 })).toBe('too-fast');
    expect(spamVerdict({ [fillTimeField]: '0' })).toBe('too-fast');
    expect(spamVerdict({ [fillTimeField]: '1234.5' })).toBe('too-fast');
    expect(spamVerdict({ [fillTimeField]: minimumFillTimeMs })).toBeUndefined();
    expect(spamVerdict({ [fillTimeField]: String(minimumFillTimeMs * 100) })).toBeUndefined();
  });

  it('never flags a missing or unreadable fill time', () => {
    for (const fillTime of [undefined, null, '', 'soon', '12abc', -1, Number.NaN, {}, []]) {
      expect(spamVerdict({ [fillTimeField]: fillTime })).toBeUndefined();
    }
  });

  it('names its honeypot after nothing an autofill heuristic fills', () => {
    expect(honeypotField).not.toMatch(/name|mail|phone|tel|url|web|site|address|company|org|zip|city/i);
  });
});

describe('clientIp', () => {
  it('prefers the context, then Netlify’s header, then the first X-Forwarded-For entry', () => {
    const headers = { 'x-nf-client-connection-ip': '192.0.2.2', 'x-forwarded-for': '192.0.2.3, 10.0.0.1' };
    expect(clientIp(request(headers), { ip: '192.0.2.1' })).toBe('192.0.2.1');
    expect(clientIp(request(headers))).toBe('192.0.2.2');
    expect(clientIp(request({ 'x-forwarded-for': ' 192.0.2.3 , 10.0.0.1' }))).toBe('192.0.2.3');
    expect(clientIp(request(), {})).toBe('unknown');
  });
});

describe('request reading', () => {
  it('recognises the two formats whatever the parameters and case', () => {
    expect(enquiryFormat(request({ 'content-type': 'Application/JSON; charset=utf-8' }))).toBe('json');
    expect(
      enquiryFormat(request({ 'content-type': 'application/x-www-form-urlencoded;charset=UTF-8' })),
    ).toBe('form');
    expect(enquiryFormat(request({ 'content-type': 'application/jsonx' }))).toBeUndefined();
    expect(enquiryFormat(request({ 'content-type': 'text/json' }))).toBeUndefined();
  });

  it('treats another Origin or Sec-Fetch-Site: cross-site as cross-site', () => {
    const allowed = ['https://www.agency.example'];
    expect(isCrossSite(request(), allowed)).toBe(false);
    expect(isCrossSite(request({ origin: 'https://www.agency.example' }), allowed)).toBe(false);
    expect(
      isCrossSite(request({ origin: 'http://localhost:4321' }, 'http://localhost:4321/api/x'), allowed),
    ).toBe(false);
    expect(isCrossSite(request({ origin: 'https://agency.example' }), allowed)).toBe(true);
    expect(isCrossSite(request({ origin: 'https://www.agency.example.attacker.example' }), allowed)).toBe(
      true,
    );
    expect(isCrossSite(request({ 'sec-fetch-site': 'cross-site' }), allowed)).toBe(true);
    expect(isCrossSite(request({ 'sec-fetch-site': 'none' }), allowed)).toBe(false);
  });

  it('keeps the first value of a repeated form field and reads only JSON objects', () => {
    expect(parseFields('name=A&name=B&__proto__=x', 'form')).toEqual({ name: 'A', ['__proto__']: 'x' });
    expect(Object.getPrototypeOf(parseFields('__proto__=x', 'form'))).toBe(Object.prototype);
    expect(parseFields('{"a":1}', 'json')).toEqual({ a: 1 });
    expect(parseFields('[]', 'json')).toBeUndefined();
    expect(parseFields('', 'json')).toBeUndefined();
  });
});

describe('email text helpers', () => {
  it('escapes the five HTML-significant characters', () => {
    expect(escapeHtml(`<a href="x" title='y'>&</a>`)).toBe(
      '&lt;a href=&quot;x&quot; title=&#39;y&#39;&gt;&amp;&lt;/a&gt;',
    );
  });

  it('turns line breaks and control characters into single spaces', () => {
    expect(singleLine(' Eve\r\nBcc: x@y.example\u2028\t end ')).toBe('Eve Bcc: x@y.example end');
  });
});

describe('mailRoute', () => {
  it('writes to the outbox without SMTP outside production, and refuses in production', () => {
    expect(mailRoute({ OUTBOX_DIR: '/tmp/box' }, 'hello@agency.example')).toEqual({
      kind: 'outbox',
      from: 'hello@agency.example',
      to: 'hello@agency.example',
      directory: '/tmp/box',
    });
    expect(mailRoute({ CONTEXT: 'production' }, 'x@agency.example').kind).toBe('unconfigured');
    expect(mailRoute({ NODE_ENV: 'production' }, 'x@agency.example').kind).toBe('unconfigured');
    expect(mailRoute({ CONTEXT: 'deploy-preview' }, 'x@agency.example').kind).toBe('outbox');
  });

  it('needs MAIL_FROM, MAIL_TO and a valid port with SMTP', () => {
    const smtp = {
      SMTP_HOST: 'smtp.agency.example',
      MAIL_FROM: 'a@agency.example',
      MAIL_TO: 'b@agency.example',
    };
    expect(mailRoute({ ...smtp, MAIL_TO: '' }, 'x@agency.example').kind).toBe('unconfigured');
    expect(mailRoute({ ...smtp, SMTP_PORT: '99999' }, 'x@agency.example').kind).toBe('unconfigured');
    expect(mailRoute({ ...smtp, SMTP_PORT: '2525' }, 'x@agency.example')).toMatchObject({
      transport: { port: 2525 },
    });
    expect(mailRoute({ ...smtp, SMTP_GREETING_TIMEOUT_MS: 'soon' }, 'x')).toMatchObject({
      transport: { greetingTimeout: 5000 },
    });
    expect(mailRoute({ ...smtp, SMTP_GREETING_TIMEOUT_MS: '250' }, 'x')).toMatchObject({
      transport: { greetingTimeout: 250 },
    });
  });
});
