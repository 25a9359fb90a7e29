/**
 * The cap on each address's connections, through the server factory `npm start` uses with a cap of
 * three: one address holding its three cannot open a fourth, while every other address is served.
 * Loopback gives each test client its own address (127.0.0.2, 127.0.0.3, …).
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import type { Server } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createSiteServer } from '../../../server/server.ts';
import { connect, rawRequest } from '../../support/raw-http.ts';

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

describe('connections per address', () => {
  it('closes an address’s connection past its cap on arrival, and serves other addresses', async () => {
    const lines: string[] = [];
    const { server, port } = await listening({ log: (line) => lines.push(line) });
    const held = await holdConnections(server, port, '127.0.0.2', perAddress);
    try {
      const extra = connect(port, '127.0.0.2');
      extra.socket.write('GET / HTTP/1.1\r\nHost: localhost\r\n\r\n');
      expect(await extra.closed).toBe('');
      expect((await get(port, '127.0.0.3')).status).toBe(200);
      expect(lines).toEqual([
        `Connections refused: an address holds ${perAddress} at once, the most allowed`,
      ]);

      // One of its connections closed, the address may open one again.
      held.pop()?.socket.destroy();
      while ((await connectionCount(server)) >= perAddress) await new Promise((done) => setTimeout(done, 10));
      expect((await get(port, '127.0.0.2')).status).toBe(200);
    } finally {
      await release(server, held);
    }
  });

  it('is not applied behind a trusted proxy, whose address every connection has', async () => {
    const { server, port } = await listening({ trustProxy: 1 });
    const held = await holdConnections(server, port, '127.0.0.2', perAddress);
    try {
      expect((await get(port, '127.0.0.2')).status).toBe(200);
    } finally {
      await release(server, held);
    }
  });
});
