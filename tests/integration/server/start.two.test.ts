/**
 * Two `npm start` on one store (two servers behind one proxy, or a second started by mistake):
 * 60 enquiries kept with mail not configured, then two servers started together with mail over
 * the same ENQUIRY_STORE_DIR, each draining the same records at once. Each enquiry is mailed
 * exactly once: a sender takes a record by one conditional write that the database itself makes
 * safe across processes.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mailsPerMessageId, postEnquiries } from '#support/kept-enquiries.ts';
import { startLikeNpmStart, type StartedServer } from '#support/raw-http.ts';
import { smtpTestEnv, startSmtpServer, waitFor, type TestSmtpServer } from '#support/smtp-test-server.ts';

const kept = 60;
const work = mkdtempSync(join(tmpdir(), 'two-servers-'));
const env = { OUT_DIR: join(work, 'dist'), TRUST_PROXY: '1' };
let smtp: TestSmtpServer;
let servers: StartedServer[] = [];

beforeAll(async () => {
  mkdirSync(env.OUT_DIR);
  writeFileSync(join(env.OUT_DIR, 'index.html'), '<h1>Home</h1>');
  smtp = await startSmtpServer();
});

afterAll(async () => {
  for (const server of servers) server.signal('SIGKILL');
  await smtp.close();
  rmSync(work, { recursive: true, force: true });
});

describe('two npm start on one store', () => {
  it('mails each kept enquiry exactly once between them', async () => {
    const first = await startLikeNpmStart({ cwd: work, env });
    await postEnquiries(first.port, kept);
    await first.stop();

    const withMail = { cwd: work, env: { ...env, ...smtpTestEnv(smtp.port) } };
    servers = await Promise.all([startLikeNpmStart(withMail), startLikeNpmStart(withMail)]);
    // Most go in the start-up runs; a run starts no new send after 5 s, the next comes a minute on.
    await waitFor(() => smtp.received.length >= kept, 130_000);
    // Both start-up runs have had time to end (a run starts no new send after 5 s).
    await new Promise((done) => setTimeout(done, 6000));
    await Promise.all(servers.map((server) => server.stop()));
    servers = [];

    const counts = mailsPerMessageId(smtp.received);
    expect(counts.size).toBe(kept);
    expect([...counts.entries()].filter(([, count]) => count > 1)).toEqual([]);
  }, 240_000);
});
