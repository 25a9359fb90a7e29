/**
 * The local server's function route: which client address it hands the contact function, with
 * TRUST_PROXY off (the socket's, whatever X-Forwarded-For says) and counting N proxies (the Nth
 * entry from the right), and which scheme the function's Origin check sees behind a TLS proxy.
 * Reading TRUST_PROXY itself: tests/unit/server/config.test.ts.
 */
import { storedIds } from '#support/enquiries.ts';
import { mkdtempSync, rmSync } from 'node:fs';
import { request as httpRequest, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { openBlobsStore } from '#enquiries/store/blobs.ts';
import { clientAddress } from '#server/function-route.ts';
import { startTestBlobs, type TestBlobs } from '#support/blobs-server.ts';
import { createSiteServer } from '#server/server.ts';

function request(forwardedFor?: string | string[], peer = '127.0.0.1'): IncomingMessage {
  return {
    headers: forwardedFor === undefined ? {} : { 'x-forwarded-for': forwardedFor },
    socket: { remoteAddress: peer },
  } as unknown as IncomingMessage;
}

describe('TRUST_PROXY', () => {
  it('0: the socket address, canonical, whatever X-Forwarded-For claims', () => {
    expect(clientAddress(request('203.0.113.7'), 0)).toBe('127.0.0.1');
    expect(clientAddress(request(), 0)).toBe('127.0.0.1');
    expect(clientAddress(request(undefined, '::ffff:198.51.100.2'), 0)).toBe('198.51.100.2');
  });

  it('1: the entry our proxy appended, whatever the visitor wrote to its left, private ranges included', () => {
    expect(clientAddress(request('203.0.113.7'), 1)).toBe('203.0.113.7');
    expect(clientAddress(request(' 1.2.3.4 , 203.0.113.7 '), 1)).toBe('203.0.113.7');
    expect(clientAddress(request('192.168.0.9, 10.0.0.1, 203.0.113.7'), 1)).toBe('203.0.113.7');
    expect(clientAddress(request('not-an-ip, 203.0.113.7'), 1)).toBe('203.0.113.7');
    expect(clientAddress(request(['198.51.100.4, 10.0.0.1', '203.0.113.7']), 1)).toBe('203.0.113.7');
    // A visitor on the private network is themselves; nothing left of them is read.
    expect(clientAddress(request('203.0.113.9, 192.168.1.20'), 1)).toBe('192.168.1.20');
    // The socket's peer counts as the proxy whatever its address.
    expect(clientAddress(request('203.0.113.7', '198.51.100.9'), 1)).toBe('203.0.113.7');
  });

  it('N: the Nth entry from the right, or the leftmost when the request passed fewer proxies', () => {
    const chain = 'spoofed, 10.0.0.3, 203.0.113.7, 198.51.100.1';
    expect(clientAddress(request(chain), 2)).toBe('203.0.113.7');
    expect(clientAddress(request(chain), 3)).toBe('10.0.0.3');
    expect(clientAddress(request('203.0.113.7, 10.0.0.1'), 2)).toBe('203.0.113.7');
    expect(clientAddress(request('203.0.113.7'), 2)).toBe('203.0.113.7');
    expect(clientAddress(request('203.0.113.7, 10.0.0.1'), 9)).toBe('203.0.113.7');
  });

  it('reads an entry with a port, or a bare IPv6 one, as its address, so visitors keep their own keys', () => {
    expect(clientAddress(request('203.0.113.5:4444'), 1)).toBe('203.0.113.5');
    expect(clientAddress(request('[2001:db8::1]:443'), 1)).toBe('2001:db8::1');
    expect(clientAddress(request('[2001:DB8::1]'), 1)).toBe('2001:db8::1');
    expect(clientAddress(request('2001:db8::1'), 1)).toBe('2001:db8::1');
    expect(clientAddress(request('203.0.113.5:4444, [2001:db8::1]:443'), 2)).toBe('203.0.113.5');
    expect(clientAddress(request('198.51.100.6:80'), 1)).not.toBe(
      clientAddress(request('203.0.113.5:80'), 1),
    );
  });

  it('the socket address when nothing was forwarded; no address when the trusted entry is not one', () => {
    expect(clientAddress(request(), 1)).toBe('127.0.0.1');
    expect(clientAddress(request(''), 1)).toBe('127.0.0.1');
    expect(clientAddress(request(' , '), 2)).toBe('127.0.0.1');
    // The function then keys it as 'unknown' (enquiries/contact-rate-limit.ts), never as the proxy.
    expect(clientAddress(request('203.0.113.7, garbage'), 1)).toBeUndefined();
    expect(clientAddress(request('garbage, 203.0.113.7, 10.0.0.1'), 3)).toBeUndefined();
  });
});

describe('the function behind the local server', () => {
  const root = mkdtempSync(join(tmpdir(), 'function-route-site-'));
  const storeDir = mkdtempSync(join(tmpdir(), 'function-route-store-'));
  const store = openBlobsStore();
  let blobs: TestBlobs;
  const stored = async () => {
    const ids = await storedIds(store);
    return ids.ok ? ids.value.length : -1;
  };
  const servers = {
    direct: createSiteServer({ root, log: () => undefined }),
    behindProxy: createSiteServer({ root, trustProxy: 1, log: () => undefined }),
  };
  const origins = { direct: '', behindProxy: '' };

  beforeAll(async () => {
    blobs = await startTestBlobs();
    for (const [name, server] of Object.entries(servers)) {
      await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
      origins[name as keyof typeof servers] = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    }
  });

  afterAll(async () => {
    for (const server of Object.values(servers)) await new Promise((done) => server.close(done));
    await blobs.stop();
    rmSync(root, { recursive: true, force: true });
    rmSync(storeDir, { recursive: true, force: true });
  });

  beforeEach(() => {
    // Mail not configured: each accepted enquiry is kept in the store.
    vi.stubEnv('SMTP_HOST', '');
    for (const method of ['info', 'warn', 'error'] as const)
      vi.spyOn(console, method).mockImplementation(() => undefined);
  });

  afterEach(() => {
    vi.unstubAllEnvs();
    vi.restoreAllMocks();
  });

  /** The status of an enquiry posted with these headers (Host included, which fetch cannot set). */
  function post(origin: string, headers: Record<string, string>, fields: object): Promise<number> {
    const body = JSON.stringify(fields);
    return new Promise((done, fail) => {
      const sent = httpRequest(`${origin}/api/send-contact-email`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'content-length': Buffer.byteLength(body),
          ...headers,
        },
      });
      sent.on('response', (response) => done(response.resume().statusCode ?? 0)).on('error', fail);
      sent.end(body);
    });
  }

  const enquiry = { name: 'Jo Bloggs', email: 'jo@example.co.uk', message: 'Behind a TLS proxy' };
  const viaTls = { 'x-forwarded-proto': 'https', host: 'www.example.test' };

  it('on: accepts a browser on any host the TLS proxy serves, and still refuses other origins', async () => {
    const from = (origin: string, client: string, proto = viaTls) =>
      post(origins.behindProxy, { ...proto, origin, 'x-forwarded-for': client }, enquiry);
    expect(await from('https://www.example.test', '198.51.100.21')).toBe(200);
    expect(await from('https://example.test', '198.51.100.22', { ...viaTls, host: 'example.test' })).toBe(
      200,
    );
    expect(await from('https://evil.example', '198.51.100.23')).toBe(403);
    expect(await from('http://www.example.test', '198.51.100.24')).toBe(403);
    // Only the value our proxy appended counts, as with X-Forwarded-For.
    const appended = { ...viaTls, 'x-forwarded-proto': 'https, http' };
    expect(await from('https://www.example.test', '198.51.100.25', appended)).toBe(403);
  });

  it('off: X-Forwarded-Proto is ignored, so the request is the plain http it arrived as', async () => {
    // An empty enquiry: 422 means it passed the Origin check without using the machine's allowance.
    const from = (origin: string) => post(origins.direct, { ...viaTls, origin }, {});
    expect(await from('https://www.example.test')).toBe(403);
    expect(await from('http://www.example.test')).toBe(422);
  });

  /** Six valid enquiries from one machine, each claiming a different client address. */
  async function sixFromOneMachine(origin: string): Promise<number[]> {
    const statuses: number[] = [];
    for (let n = 1; n <= 6; n += 1) {
      const response = await fetch(`${origin}/api/send-contact-email`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-forwarded-for': `203.0.113.${n}` },
        body: JSON.stringify({
          name: 'Jo Bloggs',
          email: 'jo@example.co.uk',
          message: `Enquiry ${n} to ${origin}`,
        }),
      });
      statuses.push(response.status);
    }
    return statuses;
  }

  it('off: the sixth enquiry from one socket address is refused, X-Forwarded-For notwithstanding', async () => {
    expect(await sixFromOneMachine(origins.direct)).toEqual([200, 200, 200, 200, 200, 429]);
  });

  it('on: each forwarded client address has its own allowance', async () => {
    const before = await stored();
    expect(await sixFromOneMachine(origins.behindProxy)).toEqual([200, 200, 200, 200, 200, 200]);
    expect((await stored()) - before).toBe(6);
  });
});
