/**
 * The local server's function route: which client address it hands the contact function, with
 * TRUST_PROXY off (the socket's, whatever X-Forwarded-For says) and on (the rightmost entry that
 * is not one of our own hops). Reading TRUST_PROXY itself: tests/unit/server/config.test.ts.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import type { IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { openEnquiryStore } from '../../../functions/lib/enquiry-store.ts';
import { clientAddress } from '../../../server/function-route.ts';
import { startLocalBlobs, type LocalBlobs } from '../../../server/local-blobs.ts';
import { createSiteServer } from '../../../server/server.ts';

function request(forwardedFor?: string | string[], peer = '127.0.0.1'): IncomingMessage {
  return {
    headers: forwardedFor === undefined ? {} : { 'x-forwarded-for': forwardedFor },
    socket: { remoteAddress: peer },
  } as unknown as IncomingMessage;
}

describe('TRUST_PROXY', () => {
  it('off: the socket address, canonical, whatever X-Forwarded-For claims', () => {
    expect(clientAddress(request('203.0.113.7'), false)).toBe('127.0.0.1');
    expect(clientAddress(request(), false)).toBe('127.0.0.1');
    expect(clientAddress(request(undefined, '::ffff:198.51.100.2'), false)).toBe('198.51.100.2');
  });

  it('on: the rightmost entry that is not one of our own hops', () => {
    expect(clientAddress(request('203.0.113.7'), true)).toBe('203.0.113.7');
    expect(clientAddress(request(' 203.0.113.7 , 10.0.0.1, 10.0.0.2'), true)).toBe('203.0.113.7');
    expect(clientAddress(request('2001:DB8::0001, 10.0.0.1'), true)).toBe('2001:db8::1');
    expect(clientAddress(request(['198.51.100.4, 10.0.0.1', '10.0.0.9']), true)).toBe('198.51.100.4');
    // Whatever the visitor wrote to the left of what our proxy appended is never read.
    expect(clientAddress(request('1.2.3.4, 203.0.113.7'), true)).toBe('203.0.113.7');
    expect(clientAddress(request('not-an-ip, 203.0.113.7'), true)).toBe('203.0.113.7');
    expect(clientAddress(request('203.0.113.7, ::ffff:192.168.1.5'), true)).toBe('203.0.113.7');
  });

  it('on: the socket address when it is not one of our hops, or nothing usable was forwarded', () => {
    expect(clientAddress(request('203.0.113.7', '198.51.100.9'), true)).toBe('198.51.100.9');
    expect(clientAddress(request(), true)).toBe('127.0.0.1');
    expect(clientAddress(request(''), true)).toBe('127.0.0.1');
    expect(clientAddress(request('203.0.113.7, garbage'), true)).toBe('127.0.0.1');
    // A chain of our own hops only: the leftmost of them is the visitor (on the private network).
    expect(clientAddress(request('192.168.1.20, 10.0.0.1'), true)).toBe('192.168.1.20');
  });
});

describe('the rate limit behind the local server', () => {
  const root = mkdtempSync(join(tmpdir(), 'function-route-site-'));
  const storeDir = mkdtempSync(join(tmpdir(), 'function-route-store-'));
  const store = openEnquiryStore();
  let blobs: LocalBlobs;
  const stored = async () => {
    const ids = await store.ids();
    return ids.ok ? ids.value.length : -1;
  };
  const servers = {
    direct: createSiteServer({ root, log: () => undefined }),
    behindProxy: createSiteServer({ root, trustProxy: true, log: () => undefined }),
  };
  const origins = { direct: '', behindProxy: '' };

  beforeAll(async () => {
    blobs = await startLocalBlobs(storeDir);
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
