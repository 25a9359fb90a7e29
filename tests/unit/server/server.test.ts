/**
 * The local server's time limits and connection cap, made short through the server factory's
 * options (the same factory `npm start` uses, with the real site and function), so that slow,
 * stalled and abandoned clients are seen being cut off in well under a second.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { createSiteServer } from '#server/server.ts';
import { connect, parseResponse } from '#support/raw-http.ts';

const root = mkdtempSync(join(tmpdir(), 'server-limits-'));
const logged: string[] = [];
const server = createSiteServer({
  root,
  log: (line) => logged.push(line),
  limits: {
    headersTimeoutMs: 300,
    requestTimeoutMs: 600,
    keepAliveTimeoutMs: 1000,
    checkIntervalMs: 50,
  },
});
let port = 0;

beforeAll(async () => {
  writeFileSync(join(root, 'index.html'), '<h1>Home</h1>');
  writeFileSync(join(root, '_headers'), '/*\n  X-Content-Type-Options: nosniff\n');
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  port = (server.address() as AddressInfo).port;
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise((done) => server.close(done));
  rmSync(root, { recursive: true, force: true });
});

afterEach(() => {
  logged.length = 0;
  vi.restoreAllMocks();
});

const slowPost = (length: number) =>
  `POST /api/send-contact-email HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\n` +
  `Content-Length: ${length}\r\n\r\n`;

/** Waits until `logged` holds `count` lines, then a little longer to catch any extra one. */
async function loggedLines(count: number): Promise<string[]> {
  while (logged.length < count) await new Promise((done) => setTimeout(done, 20));
  await new Promise((done) => setTimeout(done, 150));
  return [...logged];
}

/**
 * A server of the same site with time limits and a cap of its own, listening on a free port while
 * `use` runs and closed after it, whatever happens; `lines` is its log.
 */
async function withOwnServer(
  limits: NonNullable<Parameters<typeof createSiteServer>[0]['limits']>,
  use: (own: { server: ReturnType<typeof createSiteServer>; port: number; lines: string[] }) => Promise<void>,
): Promise<void> {
  const lines: string[] = [];
  const own = createSiteServer({ root, log: (line) => lines.push(line), limits });
  await new Promise<void>((done) => own.listen(0, '127.0.0.1', done));
  try {
    await use({ server: own, port: (own.address() as AddressInfo).port, lines });
  } finally {
    own.closeAllConnections();
    await new Promise((done) => own.close(done));
  }
}

function expectQuiet(lines: string[], errors: unknown[][]): void {
  expect(lines).toHaveLength(1);
  expect(lines[0]).not.toContain('\n');
  expect(errors).toEqual([]);
}

describe('defaults', () => {
  it('suit the open internet: 10 s for headers, 20 s per request, a keep-alive limit and a cap', () => {
    const started = createSiteServer({ root });
    expect(started.headersTimeout).toBe(10_000);
    expect(started.requestTimeout).toBe(20_000);
    expect(started.keepAliveTimeout).toBe(5_000);
    expect(started.maxConnections).toBe(512);
  });
});

describe('slow and abandoned clients', () => {
  it('cuts a body sent a byte at a time at the request timeout, with one log line and no stack', async () => {
    const errors = vi.spyOn(console, 'error').mockImplementation(() => undefined).mock.calls;
    const { socket, closed } = connect(port);
    socket.write(slowPost(100));
    const drip = setInterval(() => socket.writable && socket.write('{'), 100);
    const received = await closed;
    clearInterval(drip);
    expect(parseResponse(received)?.status).toBe(408);
    const lines = await loggedLines(1);
    expectQuiet(lines, errors);
    expect(lines[0]).toMatch(/ERR_HTTP_REQUEST_TIMEOUT/);
  });

  it('cuts twenty slow clients at once, one quiet line each', async () => {
    const errors = vi.spyOn(console, 'error').mockImplementation(() => undefined).mock.calls;
    await withOwnServer(
      { headersTimeoutMs: 300, requestTimeoutMs: 600, checkIntervalMs: 50 },
      async ({ port, lines }) => {
        const clients = Array.from({ length: 20 }, () => connect(port));
        const drip = setInterval(() => {
          for (const { socket } of clients) if (socket.writable) socket.write('{');
        }, 100);
        for (const { socket } of clients) socket.write(slowPost(100));
        const answers = await Promise.all(clients.map(({ closed }) => closed));
        clearInterval(drip);
        expect(answers.map((text) => parseResponse(text)?.status)).toEqual(Array(20).fill(408));
        expect(lines).toHaveLength(20);
        for (const line of lines)
          expect(line).toMatch(/^Connection closed: ERR_HTTP_REQUEST_TIMEOUT \(408\)$/);
        expect(errors).toEqual([]);
      },
    );
  });

  it('cuts a client that never finishes its headers', async () => {
    const errors = vi.spyOn(console, 'error').mockImplementation(() => undefined).mock.calls;
    const { socket, closed } = connect(port);
    socket.write('GET / HTTP/1.1\r\nHost: localhost\r\n');
    const response = parseResponse(await closed);
    expect(response?.status).toBe(408);
    expect(response?.headers['x-content-type-options']).toBe('nosniff');
    expectQuiet(await loggedLines(1), errors);
  });

  it.each([
    ['resets', (socket: import('node:net').Socket) => socket.resetAndDestroy()],
    ['closes', (socket: import('node:net').Socket) => socket.end()],
  ])('ends quietly when the visitor %s the connection mid-body', async (_, leave) => {
    const errors = vi.spyOn(console, 'error').mockImplementation(() => undefined).mock.calls;
    const { socket, closed } = connect(port);
    socket.write(`${slowPost(100)}{"name":"Jo"`, () => setTimeout(() => leave(socket), 50));
    await closed;
    expectQuiet(await loggedLines(1), errors);
  });

  it('closes an idle keep-alive connection', async () => {
    const { socket, closed } = connect(port);
    socket.write('GET / HTTP/1.1\r\nHost: localhost\r\n\r\n');
    const received = await closed;
    expect(parseResponse(received)?.status).toBe(200);
    expect(received).toContain('Keep-Alive: timeout=1\r\n');
  });

  it('closes connections beyond the cap on arrival', async () => {
    // A server of its own whose time limits a busy machine cannot reach, so the held
    // connections are never cut for their silence while the test reads the log.
    await withOwnServer(
      { headersTimeoutMs: 60_000, requestTimeoutMs: 60_000, maxConnections: 3 },
      async ({ server: capped, port: cappedPort, lines }) => {
        const held = [connect(cappedPort), connect(cappedPort), connect(cappedPort)];
        try {
          while ((await new Promise<number>((done) => capped.getConnections((_, n) => done(n)))) < 3) {
            await new Promise((done) => setTimeout(done, 10));
          }
          const extra = connect(cappedPort);
          extra.socket.write('GET / HTTP/1.1\r\nHost: localhost\r\n\r\n');
          expect(await extra.closed).toBe('');
          await new Promise((done) => setTimeout(done, 150));
          expect(lines).toEqual([
            'Connection refused from 127.0.0.1: the server holds all 3 connections it allows (logged once a minute per address)',
          ]);
        } finally {
          for (const { socket } of held) socket.destroy();
          await Promise.all(held.map(({ closed }) => closed));
        }
      },
    );
  });
});
