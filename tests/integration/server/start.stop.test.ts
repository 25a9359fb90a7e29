/**
 * Stopping `npm start` while kept enquiries are being mailed (Ctrl-C, `systemctl stop`, a deploy),
 * the SMTP server answering each message after 1.5 s (and keeping it whether or not the sender
 * waited): 24 enquiries kept with mail not configured, then a start with mail stopped mid-drain by
 * SIGTERM to the server, a second stopped by SIGTERM to its whole process group (as systemd stops
 * a service), and a third that mails the rest. A stop lets the sends in progress and their saves
 * finish and starts no new one, so every enquiry the mail server has is stored as delivered when
 * the server has stopped (one left pending would be mailed again once its lease ran out), and
 * each is mailed exactly once. And a stop while a visitor's own send is running against a mail
 * server whose every answer is slow (the send taking longer than ten seconds) waits for it.
 */
import { execFile } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mailsPerMessageId, postEnquiries } from '#support/kept-enquiries.ts';
import { startLikeNpmStart, type StartedServer } from '#support/raw-http.ts';
import { smtpTestEnv, startSmtpServer, waitFor, type TestSmtpServer } from '#support/smtp-test-server.ts';

const project = resolve(import.meta.dirname, '../../..');
const kept = 24;
const work = mkdtempSync(join(tmpdir(), 'stop-mid-drain-'));
const env = { OUT_DIR: join(work, 'dist'), TRUST_PROXY: '1' };
let smtp: TestSmtpServer;
let server: StartedServer | undefined;

beforeAll(async () => {
  mkdirSync(env.OUT_DIR);
  writeFileSync(join(env.OUT_DIR, 'index.html'), '<h1>Home</h1>');
  smtp = await startSmtpServer({ fault: 'slow-answer' });
});

afterAll(async () => {
  server?.signal('SIGKILL');
  await smtp.close();
  rmSync(work, { recursive: true, force: true });
});

/** Each stored enquiry's status, as `npm run enquiries` lists them in `cwd`'s store. */
async function storedStatuses(cwd: string): Promise<Map<string | undefined, string | undefined>> {
  const { stdout } = await promisify(execFile)(process.execPath, [join(project, 'scripts/enquiries.ts')], {
    cwd,
    env: { PATH: process.env.PATH },
  });
  return new Map(
    [...stdout.matchAll(/([0-9a-f]{32}) .*?\b(pending|delivered|failed)\b/g)].map((row) => [row[1], row[2]]),
  );
}

async function stopMidDrain(group: boolean): Promise<void> {
  const before = smtp.received.length;
  server = await startLikeNpmStart({ cwd: work, env: { ...env, ...smtpTestEnv(smtp.port) }, detached: true });
  await waitFor(() => smtp.received.length >= before + 2, 40_000);
  server.signal('SIGTERM', group);
  await server.exited;
  server = undefined;
  // Every message the mail server has is stored as delivered (`npm run enquiries` says so): none
  // is mailed again later.
  const statuses = await storedStatuses(work);
  expect(statuses.size).toBe(kept);
  const mailed = [...mailsPerMessageId(smtp.received).keys()].map(
    (id) => /enquiry-([0-9a-f]{32})@/.exec(id)?.[1],
  );
  expect(mailed.filter((id) => statuses.get(id ?? '') !== 'delivered')).toEqual([]);
}

describe('npm start stopped while mailing kept enquiries', () => {
  it('mails each exactly once through SIGTERM to the server and to its process group', async () => {
    server = await startLikeNpmStart({ cwd: work, env });
    await postEnquiries(server.port, kept);
    await server.stop();

    await stopMidDrain(false);
    await stopMidDrain(true);
    expect(smtp.received.length).toBeLessThan(kept);

    server = await startLikeNpmStart({ cwd: work, env: { ...env, ...smtpTestEnv(smtp.port) } });
    // A run starts no new send after 5 s; on a busy machine the rest wait for the next, a minute on.
    await waitFor(() => smtp.received.length >= kept, 100_000);
    await server.stop();
    server = undefined;

    const counts = mailsPerMessageId(smtp.received);
    expect(counts.size).toBe(kept);
    expect([...counts.values()].filter((count) => count > 1)).toEqual([]);
  }, 240_000);
});

describe('npm start stopped while a visitor’s send is running', () => {
  it('answers the visitor, and stores the send as delivered, however long the mail server takes', async () => {
    const slow = await startSmtpServer({ fault: 'slow-replies' });
    const cwd = join(work, 'slow-mail');
    mkdirSync(cwd);
    try {
      server = await startLikeNpmStart({ cwd, env: { ...env, ...smtpTestEnv(slow.port) } });
      const answered = postEnquiries(server.port, 1);
      await waitFor(() => slow.connections.opened >= 1, 10_000);
      server.signal('SIGTERM');
      await answered;
      await server.exited;
      server = undefined;
      expect(slow.received).toHaveLength(1);
      expect([...(await storedStatuses(cwd)).values()]).toEqual(['delivered']);
    } finally {
      await slow.close();
    }
  }, 60_000);
});
