/**
 * A fresh machine, as a newcomer runs it: `npm start` (server/start.ts, its own process) with no
 * mail variables and no .env accepts the JS form's JSON, the no-JS form post and a plain JSON
 * post, keeps all three, and `npm run enquiries` lists them. Started again with SMTP pointing at a
 * test mail server, it sends each exactly once, and nothing else; a third start sends nothing.
 */
import { execFile } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contactEndpoint } from '#src/lib/shared/paths.ts';
import { fillTimeField } from '#src/lib/shared/spam-traps.ts';
import { submissionIdField } from '#src/lib/shared/submission.ts';
import { sampleEnquiry } from '#support/enquiries.ts';
import { startLikeNpmStart, type StartedServer } from '#support/raw-http.ts';
import { smtpTestEnv, startSmtpServer, waitFor, type TestSmtpServer } from '#support/smtp-test-server.ts';

const project = resolve(import.meta.dirname, '../../..');
const work = mkdtempSync(join(tmpdir(), 'fresh-machine-'));
const root = join(work, 'dist');
let smtp: TestSmtpServer;
let server: StartedServer | undefined;

const tag = randomUUID().slice(0, 8);
const messages = {
  js: `Sent by the JS form ${tag}`,
  noJs: `Sent without JavaScript ${tag}`,
  json: `Sent as plain JSON ${tag}`,
};

beforeAll(async () => {
  mkdirSync(root);
  writeFileSync(join(root, 'index.html'), '<h1>Home</h1>');
  smtp = await startSmtpServer();
});

afterAll(async () => {
  await server?.stop();
  await smtp.close();
  rmSync(work, { recursive: true, force: true });
});

/** As a browser on the page posts: same origin, the answer's redirect not followed. */
async function post(port: number, type: string, body: string) {
  const origin = `http://localhost:${port}`;
  const response = await fetch(`${origin}${contactEndpoint}`, {
    method: 'POST',
    headers: { origin, 'sec-fetch-site': 'same-origin', 'content-type': type },
    body,
    redirect: 'manual',
  });
  return { status: response.status, location: response.headers.get('location'), body: await response.text() };
}

async function listEnquiries(): Promise<string> {
  const { stdout } = await promisify(execFile)(process.execPath, [join(project, 'scripts/enquiries.ts')], {
    cwd: work,
    env: { PATH: process.env.PATH },
  });
  return stdout;
}

describe('npm start on a fresh machine, then with SMTP configured', () => {
  // Three starts of the server and two of the listing, each a Node process importing the site's
  // server code: 6 s on an idle machine, more than 90 s with two suites sharing two cores.
  it('keeps three enquiries with nothing configured, then mails each exactly once', async () => {
    // Nothing but where the built site is: no mail variable, no .env in the working directory.
    server = await startLikeNpmStart({ cwd: work, env: { OUT_DIR: root } });
    const { port } = server;
    const js = await post(
      port,
      'application/json',
      JSON.stringify({
        ...sampleEnquiry,
        message: messages.js,
        [submissionIdField]: randomUUID(),
        [fillTimeField]: '8000',
      }),
    );
    const noJs = await post(
      port,
      'application/x-www-form-urlencoded',
      new URLSearchParams({ ...sampleEnquiry, message: messages.noJs }).toString(),
    );
    const json = await post(
      port,
      'application/json',
      JSON.stringify({ ...sampleEnquiry, message: messages.json }),
    );
    expect([js.status, JSON.parse(js.body)]).toEqual([200, { ok: true }]);
    expect([noJs.status, noJs.location]).toEqual([303, '/contact/sent']);
    expect([json.status, JSON.parse(json.body)]).toEqual([200, { ok: true }]);

    const output = await server.waitForOutput(/(outcome=kept[^\n]*\n[\s\S]*){3}/);
    expect(output).toContain('npm run enquiries');
    expect(output).not.toContain(sampleEnquiry.email);
    await server.stop();
    server = undefined;

    const listed = await listEnquiries();
    expect(listed.match(/^\S+ +[0-9a-f]{32} +pending .* not_configured$/gm)).toHaveLength(3);
    expect(listed).toContain('3 of 3 waiting for mail to be configured');

    // SMTP configured: the run at start-up sends what was kept.
    server = await startLikeNpmStart({ cwd: work, env: { OUT_DIR: root, ...smtpTestEnv(smtp.port) } });
    await waitFor(() => smtp.received.length >= 3, 20_000);
    await server.waitForOutput(/(outcome=sent[^\n]*\n[\s\S]*){3}/);
    await server.stop();

    // Started once more: nothing is sent again.
    server = await startLikeNpmStart({ cwd: work, env: { OUT_DIR: root, ...smtpTestEnv(smtp.port) } });
    await new Promise((done) => setTimeout(done, 1500));
    await server.stop();
    server = undefined;

    const texts = smtp.received.map((message) => message.mail.text ?? '');
    expect(texts).toHaveLength(3);
    for (const message of Object.values(messages)) {
      expect(texts.filter((text) => text.includes(message))).toHaveLength(1);
    }
    const after = await listEnquiries();
    expect(after.match(/^\S+ +[0-9a-f]{32} +delivered /gm)).toHaveLength(3);
    expect(after).toContain('0 of 3 waiting for mail to be configured.');
  }, 180_000);
});
