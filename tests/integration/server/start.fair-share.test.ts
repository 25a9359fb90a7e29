/**
 * `npm start` (server/start.ts, its own process) when many addresses hold connections at once:
 * seventeen addresses holding 32 each (more than the whole cap of 512), and behind a trusted proxy
 * one IPv6 /48 sending from many of its /64s. Everyone else is still served, and each refusal is
 * logged with its reason. Loopback gives each client its own address (127.0.0.2, 127.0.0.3, …);
 * behind the proxy, X-Forwarded-For names the visitor.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contactEndpoint } from '#src/lib/shared/paths.ts';
import { sampleEnquiry } from '#support/enquiries.ts';
import { formBody } from '#support/long-enquiries.ts';
import {
  connect,
  parseResponse,
  rawRequest,
  startLikeNpmStart,
  type StartedServer,
} from '#support/raw-http.ts';
import { waitFor } from '#support/smtp-test-server.ts';

const work = mkdtempSync(join(tmpdir(), 'fair-share-'));
const root = join(work, 'dist');
const servers: StartedServer[] = [];
// The server's defaults (server/server.ts): a cap of 512, 32 per address, the last 128 kept for
// addresses holding fewer than 6, 128 per /48.
const perAddress = 32;
const few = 6;
const perNetwork = 128;

beforeAll(() => {
  mkdirSync(root);
  writeFileSync(join(root, 'index.html'), '<h1>Home</h1>');
});

afterAll(async () => {
  await Promise.all(servers.map((server) => server.stop()));
  rmSync(work, { recursive: true, force: true });
});

async function start(env: Record<string, string> = {}) {
  const server = await startLikeNpmStart({
    cwd: work,
    env: { OUT_DIR: root, ENQUIRY_STORE_DIR: join(work, `store-${servers.length}`), ...env },
  });
  servers.push(server);
  return server;
}

type Client = ReturnType<typeof connect> & { open: boolean };

/** Opens `count` connections from `from`, each sending `head`; closed ones are marked. */
function open(port: number, from: string, count: number, head: (index: number) => string): Client[] {
  return Array.from({ length: count }, (_, index) => {
    const client = { ...connect(port, from), open: true };
    client.socket.write(head(index));
    void client.closed.then(() => (client.open = false));
    return client;
  });
}

const refusals = (server: StartedServer) =>
  server
    .output()
    .split('\n')
    .filter((line) => line.includes(' refused from '));

describe('seventeen addresses holding 32 connections each', () => {
  it('cannot fill the cap: the last of it stays open to other visitors, each refusal logged', async () => {
    const server = await start();
    const crowd: Client[] = [];
    try {
      // The first (512 - 128) / 32 addresses hold their 32; past that part of the cap, each
      // address gets the few a browser needs. One connection more is opened than each may hold,
      // each sending half a request; the server closes those it refuses.
      const busy = (512 - 128) / perAddress;
      const expected = Array.from({ length: 17 }, (_, index) => (index < busy ? perAddress : few));
      for (const [index, share] of expected.entries()) {
        const clients = open(server.port, `127.0.0.${index + 2}`, perAddress + 1, () => 'GET / HTTP/1.1\r\n');
        crowd.push(...clients);
        await waitFor(() => clients.filter((client) => !client.open).length >= perAddress + 1 - share, 5_000);
      }
      const held = expected.map((_, index) =>
        crowd.slice(index * (perAddress + 1), (index + 1) * (perAddress + 1)).filter((client) => client.open),
      );
      expect(held.map((clients) => clients.length)).toEqual(expected);
      expect(
        (await rawRequest(server.port, 'GET / HTTP/1.1\r\nHost: localhost', '', '127.0.0.40')).status,
      ).toBe(200);
      await server.waitForOutput(/127\.0\.0\.18: it holds 6 or more/);
      const lines = refusals(server);
      expect(lines).toHaveLength(17);
      expect(lines[0]).toBe(
        `Connection refused from 127.0.0.2: it holds ${perAddress} connections, the most one address may (logged once a minute per address)`,
      );
      expect(lines[16]).toBe(
        'Connection refused from 127.0.0.18: it holds 6 or more while the server holds over 384 of its 512: the rest are kept for addresses holding fewer (logged once a minute per address)',
      );
    } finally {
      for (const { socket } of crowd) socket.destroy();
      await Promise.all(crowd.map(({ closed }) => closed));
    }
  });
});

describe('behind a trusted proxy, one IPv6 /48 sending from many /64s', () => {
  it('holds no more than its share of requests under way; another network is served', async () => {
    const server = await start({ TRUST_PROXY: '1' });
    const network = '2001:db8:1';
    // Slow uploads through a proxy that streams them, each from another /64 of the same /48.
    const slow = (index: number) =>
      [
        `POST ${contactEndpoint} HTTP/1.1`,
        'Host: localhost',
        `X-Forwarded-For: ${network}:${index.toString(16)}::1`,
        'Content-Type: application/x-www-form-urlencoded',
        'Content-Length: 100',
        '',
        'name=',
      ].join('\r\n');
    const uploads = Array.from({ length: perNetwork + 2 }, (_, index) =>
      open(server.port, '127.0.0.2', 1, () => slow(index)),
    ).flat();
    try {
      await waitFor(() => uploads.filter((client) => !client.open).length >= 2, 10_000);
      await new Promise((done) => setTimeout(done, 50));
      const answers = await Promise.all(uploads.filter((client) => !client.open).map(({ closed }) => closed));
      expect(answers.map((text) => parseResponse(text)?.status)).toEqual([503, 503]);

      const body = formBody({ ...sampleEnquiry });
      const visitor = await rawRequest(
        server.port,
        [
          `POST ${contactEndpoint} HTTP/1.1`,
          'Host: localhost',
          'X-Forwarded-For: 2001:db8:2::1',
          'Content-Type: application/x-www-form-urlencoded',
          `Content-Length: ${Buffer.byteLength(body)}`,
        ].join('\r\n'),
        body,
        '127.0.0.2',
      );
      expect([visitor.status, visitor.headers.location]).toEqual([303, '/contact/sent']);
      expect(refusals(server)).toEqual([
        expect.stringMatching(
          new RegExp(
            `^Request refused from ${network}:[0-9a-f]+::/64: its network ${network}::/48 holds ${perNetwork}, the most one /48 may`,
          ),
        ),
      ]);
    } finally {
      for (const { socket } of uploads) socket.destroy();
      await Promise.all(uploads.map(({ closed }) => closed));
    }
  });
});
