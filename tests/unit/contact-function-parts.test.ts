/**
 * The pure pieces of the contact function, one by one.
 */
import { describe, expect, it } from 'vitest';
import { clientIp } from '../../functions/lib/contact-rate-limit.ts';
import { singleLine } from '../../functions/lib/enquiry-email.ts';
import { mailRoute } from '../../functions/lib/mail-settings.ts';
import { enquiryFormat, isCrossSite, parseFields } from '../../functions/lib/read-request.ts';
import { createSlidingWindowLimiter } from '../../functions/lib/sliding-window-limiter.ts';
import {
  fillTimeField,
  honeypotField,
  minimumFillTimeMs,
  spamVerdict,
} from '../../src/lib/shared/spam-traps.ts';

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

  it('drops expired keys as it goes, so memory follows the visitors of the last window', () => {
    const store = new Map<string, number[]>();
    const limiter = createSlidingWindowLimiter({ limit: 1, windowMs: 1000, store });
    for (const key of ['a', 'b', 'c', 'd']) limiter.consume(key, 0);
    limiter.consume('e', 5000);
    limiter.consume('f', 5000);
    expect([...store.keys()]).toEqual(['e', 'f']);
    expect(limiter.consume('a', 5000).allowed).toBe(true);
  });

  it('gives a slot back on release, the latest one only', () => {
    const limiter = createSlidingWindowLimiter({ limit: 2, windowMs: 10_000 });
    limiter.consume('a', 0);
    limiter.consume('a', 1);
    expect(limiter.check('a', 2).allowed).toBe(false);
    limiter.release('a');
    expect(limiter.consume('a', 3).allowed).toBe(true);
    expect(limiter.consume('a', 4).allowed).toBe(false);
    limiter.release('nobody');
    limiter.release('a');
    limiter.release('a');
    limiter.release('a');
    expect(limiter.consume('a', 5).allowed).toBe(true);
  });

  it('does the same small work per request with 100,000 keys as with 100', () => {
    /** Reads and writes of the store during one `consume`, with `keys` live keys already in it. */
    function workForOneRequest(keys: number): number {
      let work = 0;
      class CountingMap extends Map<string, number[]> {
        override get(key: string) {
          work += 1;
          return super.get(key);
        }
        override set(key: string, value: number[]) {
          work += 1;
          return super.set(key, value);
        }
        override delete(key: string) {
          work += 1;
          return super.delete(key);
        }
        override keys() {
          const inner = super.keys();
          return Object.assign(inner, {
            next: () => {
              work += 1;
              return Map.prototype.keys.call(this).next();
            },
          });
        }
      }
      const store = new CountingMap();
      const limiter = createSlidingWindowLimiter({ limit: 5, windowMs: 600_000, store });
      for (let n = 0; n < keys; n += 1) limiter.consume(`10.${n >> 16}.${(n >> 8) & 255}.${n & 255}`, n);
      expect(store.size).toBe(keys);
      work = 0;
      limiter.check('203.0.113.1', keys);
      limiter.consume('203.0.113.1', keys);
      return work;
    }
    const small = workForOneRequest(100);
    expect(workForOneRequest(100_000)).toBe(small);
    expect(small).toBeLessThan(10);
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
  it('prefers the context, then Netlify’s header, and never reads X-Forwarded-For', () => {
    const headers = { 'x-nf-client-connection-ip': '192.0.2.2', 'x-forwarded-for': '192.0.2.3, 10.0.0.1' };
    expect(clientIp(request(headers), { ip: '192.0.2.1' })).toBe('192.0.2.1');
    expect(clientIp(request(headers))).toBe('192.0.2.2');
    expect(clientIp(request({ 'x-forwarded-for': ' 192.0.2.3 , 10.0.0.1' }))).toBe('unknown');
    expect(clientIp(request(), {})).toBe('unknown');
  });

  it('keys one address by one text, and IPv6 by its /64', () => {
    for (const ip of ['192.0.2.1', '::ffff:192.0.2.1', '::FFFF:C000:201', '0:0:0:0:0:ffff:192.0.2.1']) {
      expect(clientIp(request(), { ip })).toBe('192.0.2.1');
    }
    for (const ip of ['2001:db8:1:2::1', '2001:0DB8:0001:0002:ffff:ffff:ffff:ffff', '2001:db8:1:2::a%eth0']) {
      expect(clientIp(request(), { ip })).toBe('2001:db8:1:2::/64');
    }
    expect(clientIp(request(), { ip: '2001:db8:1:3::1' })).toBe('2001:db8:1:3::/64');
    expect(clientIp(request(), { ip: 'not-an-address' })).toBe('unknown');
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
      isCrossSite(
        request({ origin: 'http://localhost:4321', host: 'localhost:4321' }, 'http://localhost:4321/api/x'),
        allowed,
      ),
    ).toBe(false);
    // The request target never makes a foreign origin our own: only Host does.
    expect(
      isCrossSite(
        request({ origin: 'http://evil.example', host: 'localhost:4321' }, 'http://evil.example/api/x'),
        allowed,
      ),
    ).toBe(true);
    expect(
      isCrossSite(request({ origin: 'http://localhost:4321' }, 'http://localhost:4321/api/x'), allowed),
    ).toBe(true);
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
  it('turns line breaks and control characters into single spaces', () => {
    expect(singleLine(' Eve\r\nBcc: x@y.example\u2028\t end ')).toBe('Eve Bcc: x@y.example end');
    expect(singleLine('a\u0085b\u009bc\u0000d\u007fe')).toBe('a b c d e');
  });

  it('removes bidirectional formatting characters', () => {
    const bidi = ['\u202a', '\u202b', '\u202c', '\u202d', '\u202e', '\u2066', '\u2067', '\u2068', '\u2069'];
    expect(singleLine(`Ada ${[...bidi, '\u200e', '\u200f', '\u061c'].join('')}Lovelace`)).toBe(
      'Ada Lovelace',
    );
    expect(singleLine('Jo\u202Egpj.exe')).toBe('Jogpj.exe');
  });
});

describe('mailRoute', () => {
  it('writes to the outbox only when OUTBOX_DIR asks for it outside production', () => {
    expect(mailRoute({ OUTBOX_DIR: '/tmp/box' }, 'hello@agency.example')).toEqual({
      kind: 'outbox',
      from: 'hello@agency.example',
      to: 'hello@agency.example',
      directory: '/tmp/box',
    });
    expect(mailRoute({}, 'x@agency.example')).toEqual({
      kind: 'unconfigured',
      problem: 'neither SMTP_HOST nor OUTBOX_DIR is set',
    });
    expect(mailRoute({ CONTEXT: 'deploy-preview', OUTBOX_DIR: 'box' }, 'x@agency.example').kind).toBe(
      'outbox',
    );
  });

  it('never uses the outbox in production, on Netlify included', () => {
    const production = 'SMTP_HOST is not set in production';
    for (const env of [
      { CONTEXT: 'production' },
      { NODE_ENV: 'production' },
      { NETLIFY: 'true' },
      { SITE_ID: 'a1b2c3' },
    ]) {
      expect(mailRoute({ ...env, OUTBOX_DIR: '/tmp/box' }, 'x@agency.example')).toEqual({
        kind: 'unconfigured',
        problem: production,
      });
    }
    const onNetlify = { deploy: { context: 'deploy-preview' } };
    expect(mailRoute({ OUTBOX_DIR: '/tmp/box' }, 'x', onNetlify).kind).toBe('unconfigured');
    expect(mailRoute({ OUTBOX_DIR: '/tmp/box' }, 'x', { deploy: { context: 'dev' } }).kind).toBe('outbox');
  });

  it('requires STARTTLS unless TLS is implicit or SMTP_REQUIRE_TLS=false', () => {
    const smtp = {
      SMTP_HOST: 'smtp.agency.example',
      MAIL_FROM: 'a@agency.example',
      MAIL_TO: 'b@agency.example',
    };
    expect(mailRoute(smtp, 'x')).toMatchObject({ transport: { secure: false, requireTLS: true } });
    expect(mailRoute({ ...smtp, SMTP_SECURE: 'true' }, 'x')).toMatchObject({
      transport: { secure: true, requireTLS: false },
    });
    expect(mailRoute({ ...smtp, SMTP_REQUIRE_TLS: 'FALSE' }, 'x')).toMatchObject({
      transport: { requireTLS: false },
    });
    expect(mailRoute({ ...smtp, SMTP_REQUIRE_TLS: 'no' }, 'x')).toMatchObject({
      transport: { requireTLS: true },
    });
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
  });
});
