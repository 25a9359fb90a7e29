/**
 * `npm start` (server/start.ts, its own process) mailing a real SMTP server, met by what an
 * operator meets: one address trickling hundreds of connections while another visitor sends an
 * enquiry, the longest messages the form allows, in Chinese, sent without JavaScript, and anyone
 * trying to run the retry job. Loopback gives each client its own address (127.0.0.2, 127.0.0.3, …).
 */
import { randomUUID } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { maxBodyBytes } from '#enquiries/body-limit.ts';
import { contactEndpoint } from '#src/lib/shared/paths.ts';
import { escapedJson, formBody, longestEnquiry } from '#support/long-enquiries.ts';
import { connect, rawRequest, startLikeNpmStart, type StartedServer } from '#support/raw-http.ts';
import { smtpTestEnv, startSmtpServer, waitFor, type TestSmtpServer } from '#support/smtp-test-server.ts';

const work = mkdtempSync(join(tmpdir(), 'self-hosting-limits-'));
const root = join(work, 'dist');
let smtp: TestSmtpServer;
let server: StartedServer;

beforeAll(async () => {
  mkdirSync(root);
  writeFileSync(join(root, 'index.html'), '<h1>Home</h1>');
  smtp = await startSmtpServer();
  server = await startLikeNpmStart({ cwd: work, env: { OUT_DIR: root, ...smtpTestEnv(smtp.port) } });
});

afterAll(async () => {
  await server.stop();
  await smtp.close();
  rmSync(work, { recursive: true, force: true });
});

/** Posts an enquiry body as a browser on the page would, from the loopback address `from`. */
function post(from: string, type: string, body: string) {
  const head = [
    `POST ${contactEndpoint} HTTP/1.1`,
    'Host: localhost',
    `Content-Type: ${type}`,
    `Content-Length: ${Buffer.byteLength(body)}`,
  ].join('\r\n');
  return rawRequest(server.port, head, Buffer.from(body).toString('latin1'), from);
}

const form = 'application/x-www-form-urlencoded';
const mailTexts = () => smtp.received.map((message) => message.mail.text ?? '');

describe('one address trickling hundreds of connections', () => {
  it('cannot keep another address’s enquiry from being answered and mailed', async () => {
    // More than the server's whole cap of connections, each sending its headers a line a second.
    const slow = Array.from({ length: 520 }, () => ({ ...connect(server.port, '127.0.0.2'), open: true }));
    for (const client of slow) {
      client.socket.write(`POST ${contactEndpoint} HTTP/1.1\r\nHost: localhost\r\n`);
      void client.closed.then(() => (client.open = false));
    }
    const trickle = setInterval(() => {
      for (const { socket } of slow) if (socket.writable) socket.write('X-Slow: 1\r\n');
    }, 1000);
    try {
      await Promise.all(slow.map(({ socket }) => new Promise((done) => socket.once('connect', done))));
      const tag = randomUUID();
      const answer = await post('127.0.0.3', form, formBody({ ...longestEnquiry('chinese'), message: tag }));
      expect([answer.status, answer.headers.location]).toEqual([303, '/contact/sent']);
      await waitFor(() => mailTexts().some((text) => text.includes(tag)), 10_000);

      const held = slow.filter((client) => client.open).length;
      expect(held).toBeGreaterThan(0);
      expect(held).toBeLessThan(slow.length);
      const another = connect(server.port, '127.0.0.2');
      another.socket.write('GET / HTTP/1.1\r\nHost: localhost\r\n\r\n');
      expect(await another.closed).toBe('');
    } finally {
      clearInterval(trickle);
      for (const { socket } of slow) socket.destroy();
      await Promise.all(slow.map(({ closed }) => closed));
    }
  });
});

describe('the longest messages the form allows, without JavaScript', () => {
  it('in Chinese, are accepted and mailed intact; one character more is a field error', async () => {
    const longest = longestEnquiry('chinese');
    const accepted = await post('127.0.0.4', form, formBody(longest));
    expect([accepted.status, accepted.headers.location]).toEqual([303, '/contact/sent']);
    await waitFor(() => mailTexts().some((text) => text.includes(longest.message)), 10_000);

    const over = await post('127.0.0.4', form, formBody(longestEnquiry('chinese', { message: 1 })));
    expect([over.status, over.headers.location]).toEqual([303, '/contact/error']);
    await server.waitForOutput(/outcome=invalid fields=message/);
  });

  it('with JavaScript, in Chinese with every character escaped, are accepted', async () => {
    const longest = longestEnquiry('chinese');
    const tag = randomUUID();
    const body = escapedJson({ ...longest, message: `${longest.message.slice(tag.length)}${tag}` });
    expect((await post('127.0.0.5', 'application/json', body)).status).toBe(200);
    await waitFor(() => mailTexts().some((text) => text.includes(tag)), 10_000);
  });

  it('a body past the largest the form can send is refused as too large', async () => {
    const padding = 'x'.repeat(maxBodyBytes.form);
    const refused = await post('127.0.0.6', form, formBody({ ...longestEnquiry('chinese'), padding }));
    expect(refused.headers.location).toBe('/contact/error');
    await server.waitForOutput(/outcome=refused status=413/);
  });
});

describe('the retry job', () => {
  it('has no path anyone can call: it runs on its own schedule only', async () => {
    const target = '/.netlify/functions/retry-enquiries';
    const body = '{"next_run":"now"}';
    const get = await rawRequest(server.port, `GET ${target} HTTP/1.1\r\nHost: localhost`);
    const posted = await rawRequest(
      server.port,
      `POST ${target} HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nContent-Length: ${body.length}`,
      body,
    );
    expect([get.status, posted.status]).toEqual([404, 405]);
  });
});
