/**
 * Fair shares of the connection cap: counted (`createShares`) for addresses and IPv6 networks as the
 * limits say, then through the server factory `npm start` uses with a cap of three per address: one
 * address holding its three cannot open a fourth, while every other address is served. Loopback
 * gives each test client its own address (127.0.0.2, 127.0.0.3, …).
 */
import { EventEmitter } from 'node:events';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import type { Server } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { fairShares, type ShareLimits } from '#server/connection-cap.ts';
import { createSiteServer } from '#server/server.ts';
import { connect, rawRequest } from '#support/raw-http.ts';

const root = mkdtempSync(join(tmpdir(), 'connection-cap-'));
writeFileSync(join(root, 'index.html'), '<h1>Home</h1>');
const perAddress = 3;

afterAll(() => rmSync(root, { recursive: true, force: true }));

async function listening(options: { trustProxy?: number; log?: (line: string) => void } = {}) {
  const server = createSiteServer({
    root,
    log: () => undefined,
    ...options,
    limits: { maxConnectionsPerAddress: perAddress },
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  return { server, port: (server.address() as AddressInfo).port };
}

async function connectionCount(server: Server): Promise<number> {
  return new Promise((done) => server.getConnections((_, count) => done(count)));
}

/** Connections from `from` that have sent half a request and wait, counted open by the server. */
async function holdConnections(server: Server, port: number, from: string, count: number) {
  const before = await connectionCount(server);
  const held = Array.from({ length: count }, () => connect(port, from));
  for (const { socket } of held) socket.write('GET / HTTP/1.1\r\nHost: localhost\r\n');
  while ((await connectionCount(server)) < before + count) await new Promise((done) => setTimeout(done, 10));
  return held;
}

const get = (port: number, from: string) => rawRequest(port, 'GET / HTTP/1.1\r\nHost: localhost', '', from);

async function release(server: Server, held: ReturnType<typeof connect>[]) {
  for (const { socket } of held) socket.destroy();
  await Promise.all(held.map(({ closed }) => closed));
  server.closeAllConnections();
  await new Promise((done) => server.close(done));
}

const limits: ShareLimits = { total: 40, perAddress: 4, perNetwork: 10, reserve: 12, few: 2 };

/** Shares of `limits` as a server behind a trusted proxy counts them, and the lines they log. */
function sharesOfRequests() {
  const lines: string[] = [];
  const shares = fairShares(limits, (line) => lines.push(line));
  /** Admits `count` requests from `address`: how many were refused, and how to end the others. */
  function take(address: string, count: number) {
    const ends: (() => void)[] = [];
    let refused = 0;
    for (let index = 0; index < count; index += 1) {
      const response = new EventEmitter();
      if (shares.admitRequest(address, response)) ends.push(() => response.emit('close'));
      else refused += 1;
    }
    return { ends, refused };
  }
  return { take, lines };
}

const because = (address: string, reason: string) =>
  `Request refused from ${address}: ${reason} (logged once a minute per address)`;

describe('shares', () => {
  it('let each address hold its share, an IPv6 address counted by its /64', () => {
    const { take, lines } = sharesOfRequests();
    expect(take('192.0.2.1', limits.perAddress + 1).refused).toBe(1);
    expect(take('::ffff:192.0.2.1', 1).refused).toBe(1);
    expect(take('2001:db8:0:1::1', limits.perAddress).refused).toBe(0);
    expect(take('2001:db8:0:1:ffff::9', 1).refused).toBe(1);
    expect(take('192.0.2.2', 1).refused).toBe(0);
    const full = 'it holds 4 requests under way, the most one address may';
    expect(lines).toEqual([because('192.0.2.1', full), because('2001:db8:0:1::/64', full)]);
  });

  it('let one /48 hold no more than its share, however many /64s it uses', () => {
    const { take, lines } = sharesOfRequests();
    for (let index = 0; index < limits.perNetwork; index += 1) take(`2001:db8:1:${index}::1`, 1);
    expect(take('2001:db8:1:ffff::1', 1).refused).toBe(1);
    expect(take('2001:db8:1:fffe::1', 1).refused).toBe(1);
    expect(take('2001:db8:2::1', 1).refused).toBe(0);
    expect(lines).toEqual([
      because('2001:db8:1:ffff::/64', 'its network 2001:db8:1::/48 holds 10, the most one /48 may'),
    ]);
  });

  it('keep the last of the cap for addresses holding few, when many addresses fill their shares', () => {
    const { take, lines } = sharesOfRequests();
    const busy = (limits.total - limits.reserve) / limits.perAddress;
    for (let index = 1; index <= busy; index += 1) take(`192.0.2.${index}`, limits.perAddress);
    // Past the busy part of the cap, a newcomer gets its few and no more…
    expect(take('198.51.100.1', limits.few + 1).refused).toBe(1);
    // …so the reserve stays open to everyone else until the cap itself is reached.
    const visitors = (limits.reserve - limits.few) / limits.few;
    for (let index = 2; index <= visitors + 1; index += 1) {
      expect(take(`198.51.100.${index}`, limits.few).refused).toBe(0);
    }
    expect(take('203.0.113.1', 1).refused).toBe(1);
    expect(lines).toEqual([
      because(
        '198.51.100.1',
        'it holds 2 or more while the server holds over 28 of its 40: the rest are kept for addresses holding fewer',
      ),
      because('203.0.113.1', 'the server holds all 40 requests under way it allows'),
    ]);
  });

  it('keep the last of the cap from a /48 holding as many as one address may, over many /64s', () => {
    const { take, lines } = sharesOfRequests();
    const busy = (limits.total - limits.reserve) / limits.perAddress;
    for (let index = 1; index <= busy; index += 1) take(`192.0.2.${index}`, limits.perAddress);
    for (let index = 0; index < limits.perAddress; index += 1) {
      expect(take(`2001:db8:1:${index}::1`, 1).refused).toBe(0);
    }
    expect(take('2001:db8:1:ff::1', 1).refused).toBe(1);
    expect(take('2001:db8:2::1', 1).refused).toBe(0);
    expect(lines).toEqual([
      because(
        '2001:db8:1:ff::/64',
        'it holds 2 or more, or its network 2001:db8:1::/48 4 or more, while the server holds over 28 of its 40: the rest are kept for addresses holding fewer',
      ),
    ]);
  });

  it('are given back once each request ends, however often its response closes', () => {
    const { take } = sharesOfRequests();
    const { ends } = take('192.0.2.1', limits.perAddress);
    ends[0]?.();
    ends[0]?.();
    expect(take('192.0.2.1', 2).refused).toBe(1);
  });
});

describe('connections per address', () => {
  it('closes an address’s connection past its cap on arrival, and serves other addresses', async () => {
    const lines: string[] = [];
    const { server, port } = await listening({ log: (line) => lines.push(line) });
    const held = await holdConnections(server, port, '127.0.0.2', perAddress);
    try {
      const refuse = async () => {
        const extra = connect(port, '127.0.0.2');
        extra.socket.write('GET / HTTP/1.1\r\nHost: localhost\r\n\r\n');
        expect(await extra.closed).toBe('');
      };
      vi.useFakeTimers({ toFake: ['performance'] });
      await refuse();
      await refuse();
      expect((await get(port, '127.0.0.3')).status).toBe(200);
      const line = `Connection refused from 127.0.0.2: it holds ${perAddress} connections, the most one address may (logged once a minute per address)`;
      expect(lines).toEqual([line]);
      vi.advanceTimersByTime(60_000);
      await refuse();
      expect(lines).toEqual([line, line]);

      // One of its connections closed, the address may open one again.
      held.pop()?.socket.destroy();
      while ((await connectionCount(server)) >= perAddress) await new Promise((done) => setTimeout(done, 10));
      expect((await get(port, '127.0.0.2')).status).toBe(200);
    } finally {
      vi.useRealTimers();
      await release(server, held);
    }
  });

  it('caps no connection behind a trusted proxy, whose address every connection has, only requests under way', async () => {
    const { server, port } = await listening({ trustProxy: 1 });
    const held = await holdConnections(server, port, '127.0.0.2', perAddress);
    try {
      expect((await get(port, '127.0.0.2')).status).toBe(200);
      // Each visitor's share counts requests under way: one answered gives its share back.
      const visitor = 'GET / HTTP/1.1\r\nHost: localhost\r\nX-Forwarded-For: 2001:db8::1';
      for (let index = 0; index <= 2 * perAddress; index += 1) {
        expect((await rawRequest(port, visitor, '', '127.0.0.2')).status).toBe(200);
      }
    } finally {
      await release(server, held);
    }
  });
});
