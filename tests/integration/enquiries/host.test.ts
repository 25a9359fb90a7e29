/**
 * The self-hosted wiring (enquiries/host.ts) that `npm start` and `npm run dev` share. Under
 * `npm run dev` the function is loaded through Vite, apart from the job: a failed save of
 * "delivered" must still keep the job from mailing the enquiry again, so both share the host's
 * memory of sends not yet saved. The job never takes a send still running, even when the clock
 * steps forward past the old one-minute lease. And a stop lets a send in progress and its save
 * finish before the store is closed.
 */
import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { EnquiryStore } from '#enquiries/store/store.ts';
import { startEnquiryHost } from '#enquiries/host.ts';
import { openSqliteStore } from '#enquiries/store/sqlite.ts';
import { contactEndpoint } from '#src/lib/shared/paths.ts';
import { submissionIdField } from '#src/lib/shared/submission.ts';
import { site } from '#src/site.config.ts';
import { sampleEnquiry } from '#support/enquiries.ts';
import { smtpTestEnv, startSmtpServer, waitFor, type TestSmtpServer } from '#support/smtp-test-server.ts';
import { enquiryPolicy } from '#src/lib/shared/enquiry-policy.ts';

let root: string;
let smtp: TestSmtpServer | undefined;

beforeEach(async () => {
  for (const method of ['info', 'warn', 'error'] as const) {
    vi.spyOn(console, method).mockImplementation(() => undefined);
  }
  root = await mkdtemp(join(tmpdir(), 'enquiry-host-'));
});

afterEach(async () => {
  await smtp?.close();
  smtp = undefined;
  vi.useRealTimers();
  vi.restoreAllMocks();
  await rm(root, { recursive: true, force: true });
});

const post = () =>
  new Request(`${site.url}${contactEndpoint}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ ...sampleEnquiry, [submissionIdField]: randomUUID() }),
  });

const statuses = async (store: EnquiryStore) => {
  const listed = await store.list();
  return listed.ok ? listed.value.map((record) => record.status) : listed.code;
};

describe('the enquiry host', () => {
  it('never lets the job mail again what a function loaded apart (npm run dev) sent and could not mark', async () => {
    smtp = await startSmtpServer();
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    let clock = Date.UTC(2030, 5, 1, 12);
    const sqlite = openSqliteStore(join(root, 'data'));
    let savesFail = true;
    const store: EnquiryStore = {
      ...sqlite,
      save: async (record, version) =>
        savesFail && record.status === 'delivered'
          ? { ok: false, code: 'SQLITE_BUSY' }
          : sqlite.save(record, version),
    };
    const host = startEnquiryHost({
      directory: join(root, 'data'),
      site,
      env: smtpTestEnv(smtp.port),
      store,
      now: () => clock,
    });
    // A module graph of its own, as Vite's: the function's send.ts is not the job's.
    vi.resetModules();
    const loadedApart = await import('#enquiries/contact-handler.ts');
    const handler = host.serve(loadedApart.createContactHandler(host.contactDeps));
    expect((await handler(post(), { ip: '192.0.2.9' })).status).toBe(200);
    expect(smtp.received).toHaveLength(1);
    expect(await statuses(sqlite)).toEqual(['pending']);

    // The store answers again; the job's next run comes after the send's lease has run out.
    savesFail = false;
    clock += enquiryPolicy.sendLeaseMs + 60_000;
    await vi.advanceTimersByTimeAsync(60_000);
    // The store answers from its own thread: the run ends once it has marked the record.
    await vi.waitFor(async () => expect(await statuses(sqlite)).toEqual(['delivered']), { timeout: 10_000 });
    await host.stop();
    expect(smtp.received).toHaveLength(1);
    const reopened = openSqliteStore(join(root, 'data'));
    expect(await statuses(reopened)).toEqual(['delivered']);
    await reopened.close();
  });

  it('lets a send in progress and its save finish on a stop, then closes the store', async () => {
    smtp = await startSmtpServer({ fault: 'slow-answer' });
    const host = startEnquiryHost({ directory: join(root, 'data'), site, env: smtpTestEnv(smtp.port) });
    await host.stop(); // the job's start-up run, over an empty store, out of the way
    const again = startEnquiryHost({ directory: join(root, 'data'), site, env: smtpTestEnv(smtp.port) });
    const answer = again.contact(post(), { ip: '192.0.2.10' });
    // Stopped while the mail server has yet to answer (it takes 1.5 s).
    await new Promise((done) => setTimeout(done, 500));
    expect(smtp.received).toHaveLength(0);
    await again.stop();
    expect(smtp.received).toHaveLength(1);
    expect((await answer).status).toBe(200);
    expect((await again.contactDeps.store.list()).ok).toBe(false); // closed
    const reopened = openSqliteStore(join(root, 'data'));
    expect(await statuses(reopened)).toEqual(['delivered']);
    await reopened.close();
  });

  it.each([
    ['two minutes', 2 * 60_000],
    ['past the whole lease', enquiryPolicy.sendLeaseMs + 60_000],
  ])('never lets the job take a send still running when the clock steps %s forward', async (_, stepMs) => {
    smtp = await startSmtpServer({ fault: 'slow-answer' });
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    let clock = Date.UTC(2030, 5, 1, 12);
    const host = startEnquiryHost({
      directory: join(root, 'data'),
      site,
      env: smtpTestEnv(smtp.port),
      now: () => clock,
    });
    const answer = host.contact(post(), { ip: '192.0.2.11' });
    // The mail server has the message and takes 1.5 s to answer: the clock steps meanwhile, and
    // the job's next run comes.
    await waitFor(() => smtp?.connections.opened === 1, 5000);
    clock += stepMs;
    await vi.advanceTimersByTimeAsync(60_000);
    expect((await answer).status).toBe(200);
    await host.stop();
    expect(smtp.received).toHaveLength(1);
    const reopened = openSqliteStore(join(root, 'data'));
    expect(await statuses(reopened)).toEqual(['delivered']);
    await reopened.close();
  });
});
