/**
 * Stopping `npm start` while kept enquiries are being mailed (Ctrl-C, `systemctl stop`, a deploy),
 * the SMTP server taking 1.5 s to accept each message: 24 enquiries kept with mail not configured,
 * then a start with mail that is stopped mid-drain by SIGTERM to the server, a second stopped by
 * SIGTERM to its whole process group (as systemd stops a service), and a third left running past
 * the one-minute lease of any send cut off. Each enquiry is mailed exactly once: a stop lets the
 * sends in progress and their saves finish, and starts no new one.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { enquiryPolicy } from '../../../functions/lib/record.ts';
import { mailsPerMessageId, postEnquiries } from '../../support/kept-enquiries.ts';
import { startLikeNpmStart, type StartedServer } from '../../support/raw-http.ts';
import {
  smtpTestEnv,
  startSmtpServer,
  waitFor,
  type TestSmtpServer,
} from '../../support/smtp-test-server.ts';

const kept = 24;
const work = mkdtempSync(join(tmpdir(), 'stop-mid-drain-'));
const env = { OUT_DIR: join(work, 'dist'), TRUST_PROXY: '1' };
let smtp: TestSmtpServer;
let server: StartedServer | undefined;

beforeAll(async () => {
  mkdirSync(env.OUT_DIR);
  writeFileSync(join(env.OUT_DIR, 'index.html'), '<h1>Home</h1>');
  smtp = await startSmtpServer({ fault: 'slow-data' });
});

afterAll(async () => {
  server?.signal('SIGKILL');
  await smtp.close();
  rmSync(work, { recursive: true, force: true });
});

async function stopMidDrain(group: boolean): Promise<void> {
  const before = smtp.received.length;
  server = await startLikeNpmStart({ cwd: work, env: { ...env, ...smtpTestEnv(smtp.port) }, detached: true });
  await waitFor(() => smtp.received.length >= before + 2, 20_000);
  server.signal('SIGTERM', group);
  await server.exited;
  server = undefined;
}

describe('npm start stopped while mailing kept enquiries', () => {
  it('mails each exactly once through SIGTERM to the server and to its process group', async () => {
    server = await startLikeNpmStart({ cwd: work, env });
    await postEnquiries(server.port, kept);
    await server.stop();

    await stopMidDrain(false);
    await stopMidDrain(true);
    const lastStop = Date.now();
    expect(smtp.received.length).toBeLessThan(kept);

    server = await startLikeNpmStart({ cwd: work, env: { ...env, ...smtpTestEnv(smtp.port) } });
    await waitFor(() => smtp.received.length >= kept, 120_000);
    // Past the lease of any send a stop cut off: it would be mailed again by now.
    const pastLease = lastStop + enquiryPolicy.firstBackoffMs + 8000;
    await new Promise((done) => setTimeout(done, Math.max(0, pastLease - Date.now())));
    await server.stop();
    server = undefined;

    const counts = mailsPerMessageId(smtp.received);
    expect(counts.size).toBe(kept);
    expect([...counts.values()].filter((count) => count > 1)).toEqual([]);
  }, 180_000);
});
