/**
 * The retry job over the store's index, with Netlify Blobs in memory and a mailer that only
 * records: it caps each send's time limit, stops starting work past its budget, reaches every due
 * record and every purgeable one whatever the store's size (a slow store: 80 ms of clock per call),
 * never sends twice when runs overlap or when saving "delivered" fails.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Mailer } from '#enquiries/send.ts';
import type { SendableRoute } from '#enquiries/mail-settings.ts';
import { runEnquiryJob } from '#enquiries/retry.ts';

// The job's limits: 5 s before it starts no new send, 8 s for one send.
const jobBudgetMs = 5000;
const jobSendLimitMs = 8000;
import { listingKey as indexKey } from '#enquiries/store/store.ts';
import { markDelivered, newRecord, newUnsentRecord, type EnquiryRecord } from '#enquiries/record.ts';
import { openBlobsStore } from '#enquiries/store/blobs.ts';
import { mailRoute, type MailRoute } from '#enquiries/mail-settings.ts';
import { processMemory, sampleEnquiry } from '#support/enquiries.ts';
import { memoryBlobs, type BlobCall } from '#support/memory-blobs.ts';
import { enquiryPolicy } from '#src/lib/shared/enquiry-policy.ts';

// One process's memory, for the whole file.
const inProcess = processMemory();

const route = mailRoute({
  SMTP_HOST: 'smtp.agency.example',
  MAIL_FROM: 'a@agency.example',
  MAIL_TO: 'b@agency.example',
}) as SendableRoute;
const idOf = (n: number) => n.toString(16).padStart(32, '0');
const due = (n: number) => newRecord(idOf(n), sampleEnquiry, false, 0);
const day = 24 * 3_600_000;

/** A store holding `records` (seeded with their index entries), each call after `beforeCall`. */
function storeWith(records: EnquiryRecord[], beforeCall?: (call: BlobCall) => Promise<void> | void) {
  const blobs = memoryBlobs(beforeCall);
  for (const record of records) {
    blobs.seed('enquiries', record.id, record);
    blobs.seed('enquiries-index', indexKey(record) ?? '', '');
  }
  return { blobs, store: openBlobsStore(undefined, blobs.open) };
}

function recordingMailer() {
  const sent: string[] = [];
  const mailer: Mailer = async (email) => {
    sent.push(email.messageId);
    return { ok: true, via: 'smtp' };
  };
  return { sent, mailer };
}

describe('the retry job', () => {
  beforeEach(() => {
    vi.spyOn(console, 'info').mockImplementation(() => undefined);
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
  });
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it(`sends with a time limit of at most ${jobSendLimitMs / 1000} s`, async () => {
    const routes: SendableRoute[] = [];
    const mailer = vi.fn(async (_email: unknown, sentVia: SendableRoute) => {
      routes.push(sentVia);
      return { ok: true as const, via: 'smtp' as const };
    });
    const { store } = storeWith([due(1)]);
    const summary = await runEnquiryJob({
      store,
      mailer,
      route,
      now: () => 10 * 60_000,
      brand: 'Agency',
      ...inProcess,
    });
    expect(summary).toMatchObject({ retried: 1, delivered: 1 });
    expect(route.kind === 'smtp' && route.sendTimeoutMs).toBeGreaterThan(jobSendLimitMs);
    expect(routes[0]).toMatchObject({ kind: 'smtp', sendTimeoutMs: jobSendLimitMs });
  });

  it('starts no new work once its budget is spent', async () => {
    let clock = 10 * 60_000;
    const mailer = vi.fn(async () => {
      clock += jobBudgetMs / 2; // each send takes half the budget
      return { ok: true as const, via: 'smtp' as const };
    });
    const { store } = storeWith(Array.from({ length: 20 }, (_, i) => due(i + 1)));
    const summary = await runEnquiryJob({ store, mailer, route, now: () => clock, brand: 'A', ...inProcess });
    expect(summary.delivered).toBeLessThan(20);
    expect(summary.delivered).toBeGreaterThan(0);
  });

  it('reaches every due and every purgeable record among 20,000 others, with 80 ms per store call', async () => {
    const now = Date.UTC(2030, 5, 1, 12);
    let clock = now;
    const recent = (n: number) =>
      markDelivered(newRecord(idOf(n), sampleEnquiry, false, now - day), now - day);
    const old = (n: number) => {
      const at = now - enquiryPolicy.deleteDeliveredAfterMs - 2 * day;
      return markDelivered(newRecord(idOf(n), sampleEnquiry, false, at), at);
    };
    const pending = (n: number) => newRecord(idOf(n), sampleEnquiry, false, now - 10 * 60_000);
    const records = [
      ...Array.from({ length: 20_000 }, (_, i) => recent(i + 1)),
      ...Array.from({ length: 10 }, (_, i) => pending(30_001 + i)),
      ...Array.from({ length: 10 }, (_, i) => old(40_001 + i)),
    ];
    const { store, blobs } = storeWith(records, () => {
      clock += 80;
    });
    const { sent, mailer } = recordingMailer();
    for (let run = 0; run < 3; run += 1) {
      await runEnquiryJob({ store, mailer, route, now: () => clock, brand: 'A', ...inProcess });
      clock += 60_000;
    }
    expect(sent.sort()).toEqual(
      Array.from({ length: 10 }, (_, i) => `<enquiry-${idOf(30_001 + i)}@agency.example>`).sort(),
    );
    const kept = new Set(blobs.keys('enquiries'));
    expect(Array.from({ length: 10 }, (_, i) => kept.has(idOf(40_001 + i)))).not.toContain(true);
    expect(kept.size).toBe(20_010);
  });

  it('sends each record once when two runs overlap', async () => {
    const { store } = storeWith(
      Array.from({ length: 5 }, (_, i) => due(i + 1)),
      async () => {
        await new Promise((resolve) => setImmediate(resolve)); // let the other run in between
      },
    );
    const { sent, mailer } = recordingMailer();
    const deps = { store, mailer, route, now: () => 10 * 60_000, brand: 'A', ...inProcess };
    const [first, second] = await Promise.all([runEnquiryJob(deps), runEnquiryJob(deps)]);
    expect(sent.sort()).toEqual(
      Array.from({ length: 5 }, (_, i) => `<enquiry-${idOf(i + 1)}@agency.example>`),
    );
    expect((first.retried ?? 0) + (second.retried ?? 0)).toBe(5);
  });

  it('retries saving "delivered", never the send', async () => {
    let failures = 2;
    const { store } = storeWith([due(1)], ({ store: name, data }) => {
      const delivered = name === 'enquiries' && (data as EnquiryRecord | undefined)?.status === 'delivered';
      if (delivered && failures-- > 0) throw Object.assign(new Error('store down'), { code: 'ECONNRESET' });
    });
    const { sent, mailer } = recordingMailer();
    const deps = {
      store,
      mailer,
      route,
      now: () => 10 * 60_000,
      brand: 'A',
      ...inProcess,
      unsaved: new Set<string>(),
    };
    await runEnquiryJob(deps);
    expect(await store.readRecord(idOf(1))).toMatchObject({ ok: true, value: { status: 'delivered' } });
    await runEnquiryJob({ ...deps, now: () => 10 * 60_000 + enquiryPolicy.maxBackoffMs });
    expect(sent).toHaveLength(1);
  });

  it('marks a sent enquiry delivered on a later run, without sending it again, when saving kept failing', async () => {
    let storeDown = true;
    const { store } = storeWith([due(1)], ({ store: name, data }) => {
      const delivered = name === 'enquiries' && (data as EnquiryRecord | undefined)?.status === 'delivered';
      if (delivered && storeDown) throw Object.assign(new Error('store down'), { code: 'ECONNRESET' });
    });
    const { sent, mailer } = recordingMailer();
    const deps = {
      store,
      mailer,
      route,
      now: () => 10 * 60_000,
      brand: 'A',
      ...inProcess,
      unsaved: new Set<string>(),
    };
    await runEnquiryJob(deps);
    expect(await store.readRecord(idOf(1))).toMatchObject({ ok: true, value: { status: 'pending' } });
    expect(vi.mocked(console.error).mock.calls.join('\n')).toMatch(
      /outcome=store_failed id=\w+ what=delivered/,
    );
    storeDown = false;
    await runEnquiryJob({ ...deps, now: () => 10 * 60_000 + enquiryPolicy.maxBackoffMs });
    expect(sent).toHaveLength(1);
    expect(await store.readRecord(idOf(1))).toMatchObject({ ok: true, value: { status: 'delivered' } });
  });

  it('drops an index entry its record no longer needs once it has been due a minute, never earlier', async () => {
    const sentAt = enquiryPolicy.sendLeaseMs + 10 * 60_000;
    const record = markDelivered(due(1), sentAt);
    const { store, blobs } = storeWith([record]);
    const leftBehind = indexKey(due(1)) ?? ''; // due when its first lease ran out: long past
    const justWritten = `due/${String(sentAt).padStart(13, '0')}-${idOf(2)}`; // its record not there yet
    blobs.seed('enquiries-index', leftBehind, '');
    blobs.seed('enquiries-index', justWritten, '');
    const { sent, mailer } = recordingMailer();
    await runEnquiryJob({ store, mailer, route, now: () => sentAt, brand: 'A', ...inProcess });
    expect(blobs.keys('enquiries-index')).not.toContain(leftBehind);
    expect(blobs.keys('enquiries-index')).toContain(justWritten);
    expect(blobs.keys('enquiries-index')).toContain(indexKey(record));
    expect(sent).toEqual([]);
  });

  it('counts the records at most every ten minutes, and waits as long after a count that failed', async () => {
    let countAttempts = 0;
    const { store } = storeWith([], ({ store: name, method }) => {
      if (name !== 'enquiries' || method !== 'list') return;
      countAttempts += 1;
      throw Object.assign(new Error('slow'), { code: 'STORE_TIMEOUT' });
    });
    const { mailer } = recordingMailer();
    for (const minute of [0, 1, 2, 9, 11]) {
      await runEnquiryJob({
        store,
        mailer,
        route,
        now: () => day + minute * 60_000,
        brand: 'A',
        ...inProcess,
      });
    }
    expect(countAttempts).toBe(2);
    expect(vi.mocked(console.error).mock.calls.join('\n')).toContain('job=census code=STORE_TIMEOUT');
  });

  it('with mail not configured, leaves waiting records and their entries untouched, then mails each once', async () => {
    const unconfigured: MailRoute = mailRoute({});
    const received = Date.UTC(2030, 0, 1);
    const waiting = Array.from({ length: 3 }, (_, i) =>
      newUnsentRecord(idOf(i + 1), sampleEnquiry, false, received),
    );
    const old = markDelivered(newRecord(idOf(9), sampleEnquiry, false, received), received);
    const recordReads: string[] = [];
    const { store, blobs } = storeWith([...waiting, old], ({ store: name, method, key }) => {
      if (name === 'enquiries' && method.startsWith('get')) recordReads.push(key ?? '');
    });
    const { sent, mailer } = recordingMailer();
    const entries = waiting.map((record) => indexKey(record));
    let clock = received + enquiryPolicy.deleteFailedAfterMs * 2;
    for (let run = 0; run < 3; run += 1) {
      const summary = await runEnquiryJob({
        store,
        mailer,
        route: unconfigured,
        now: () => clock,
        brand: 'A',
        ...inProcess,
      });
      expect(summary).toMatchObject({ retried: 0, undeliverable: 0 });
      clock += 10 * 60_000;
    }
    expect(recordReads).toEqual([idOf(9)]); // the purge only: the waiting ones are not read each run
    expect(blobs.keys('enquiries').sort()).toEqual(waiting.map((record) => record.id));
    expect(blobs.keys('enquiries-index')).toEqual(expect.arrayContaining(entries));

    await runEnquiryJob({ store, mailer, route, now: () => clock, brand: 'A', ...inProcess });
    await runEnquiryJob({
      store,
      mailer,
      route,
      now: () => clock + enquiryPolicy.maxBackoffMs,
      brand: 'A',
      ...inProcess,
    });
    expect(sent.sort()).toEqual(waiting.map((record) => `<enquiry-${record.id}@agency.example>`));
    for (const record of waiting) {
      expect(await store.readRecord(record.id)).toMatchObject({
        ok: true,
        value: { status: 'delivered', attempts: 1 },
      });
    }
  });
});
