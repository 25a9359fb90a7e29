/**
 * The enquiry store's contract (enquiries/store/store.ts), run against both adapters: SQLite
 * on disk (enquiries/store/sqlite.ts, self-hosting) and Netlify Blobs through the package's local
 * server (enquiries/store/blobs.ts, the stand-in for Netlify). Whatever holds the records, a
 * record is created once, a versioned save lands only on the version read (one of many racing
 * writers wins: the lease; a failed send's attempt never lands over "delivered"), and the job's
 * listings name what is due and what may be deleted.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  markDelivered,
  markFailedAttempt,
  markUndeliverable,
  newRecord,
  newUnsentRecord,
  startAttempt,
  type EnquiryRecord,
} from '#enquiries/record.ts';
import { openBlobsStore } from '#enquiries/store/blobs.ts';
import { mailRoute } from '#enquiries/mail-settings.ts';
import { attemptDelivery, type Mailer } from '#enquiries/send.ts';
import type { SendableRoute } from '#enquiries/mail-settings.ts';
import { listingKey, type EnquiryStore, type InboxQuery } from '#enquiries/store/store.ts';
import { openSqliteStore } from '#enquiries/store/sqlite.ts';
import { startTestBlobs } from '#support/blobs-server.ts';
import { sampleEnquiry } from '#support/enquiries.ts';
import { enquiryPolicy } from '#src/lib/shared/enquiry-policy.ts';

/** What a process running the contact function and the job shares (send.ts): one of each here. */
const inProcess = { unsaved: new Set<string>(), sending: new Set<string>() };

const day = 24 * 3_600_000;
const t0 = Date.UTC(2030, 0, 10, 12);
let serial = 0;
const freshId = () => (serial += 1).toString(16).padStart(32, '0');
const route = mailRoute({
  SMTP_HOST: 'smtp.agency.example',
  MAIL_FROM: 'a@agency.example',
  MAIL_TO: 'b@agency.example',
}) as SendableRoute;

interface Adapter {
  name: string;
  open(): Promise<{ store: EnquiryStore; second: () => EnquiryStore; stop(): Promise<void> }>;
}

const adapters: Adapter[] = [
  {
    name: 'SQLite on disk',
    async open() {
      const root = await mkdtemp(join(tmpdir(), 'contract-sqlite-'));
      const opened: EnquiryStore[] = [];
      const open = () => opened[opened.push(openSqliteStore(join(root, 'data'))) - 1]!;
      return {
        store: open(),
        // A second connection to the same file, as a second process has.
        second: open,
        async stop() {
          for (const store of opened) await store.close();
          await rm(root, { recursive: true, force: true });
        },
      };
    },
  },
  {
    name: 'Netlify Blobs (local server)',
    async open() {
      const blobs = await startTestBlobs('contract-blobs-');
      return { store: openBlobsStore(), second: () => openBlobsStore(), stop: () => blobs.stop() };
    },
  },
];

describe.each(adapters)('the enquiry store contract: $name', (adapter) => {
  let store: EnquiryStore;
  let second: () => EnquiryStore;
  let stop: () => Promise<void>;

  beforeAll(async () => {
    ({ store, second, stop } = await adapter.open());
  });
  afterAll(() => stop());

  const stored = async (record: EnquiryRecord) => {
    expect(await store.create(record)).toEqual({ ok: true, value: true });
    return record;
  };

  it('creates a record once, reads it back, lists it and deletes it', async () => {
    const record = newRecord(freshId(), sampleEnquiry, false, t0);
    await stored(record);
    expect(await store.create({ ...record, attempts: 7 })).toEqual({ ok: true, value: false });
    expect(await store.readRecord(record.id)).toEqual({ ok: true, value: record });
    const listed = await store.list();
    expect(listed.ok && listed.value.map((entry) => entry.id)).toContain(record.id);
    expect(await store.remove(record.id)).toEqual({ ok: true, value: true });
    expect(await store.readRecord(record.id)).toEqual({ ok: true, value: undefined });
    expect(await store.readVersioned(record.id)).toEqual({ ok: true, value: undefined });
  });

  it('keeps the owner’s watch: saved only over the version read, and counts what waits', async () => {
    const before = await store.observe({ recount: true });
    if (!before.ok) throw new Error(before.code);
    const lastJobRunAt = new Date(t0).toISOString();
    const racing = [store, second()].map((writer) =>
      writer.saveWatch({ ...before.value.state, lastJobRunAt }, before.value.version),
    );
    // Of two writers on the same version (or on none yet), one lands.
    const landed = (await Promise.all(racing)).filter((saved) => saved.ok && saved.value);
    expect(landed).toHaveLength(1);
    const after = await store.observe();
    expect(after.ok && after.value.state.lastJobRunAt).toBe(lastJobRunAt);
    expect(await store.saveWatch({}, before.value.version)).toEqual({ ok: true, value: false });

    const waiting = await stored(newRecord(freshId(), sampleEnquiry, false, t0 - day));
    const counted = await store.observe({ recount: true });
    if (!counted.ok) throw new Error(counted.code);
    expect(counted.value.waiting.count).toBe(before.value.waiting.count + 1);
    expect(counted.value.waiting.oldestReceivedAt).toBe(waiting.receivedAt);
    expect(await store.save(markDelivered(waiting, t0))).toEqual({ ok: true, value: true });
    expect(await store.settle(listingKey(waiting) ?? '')).toEqual({ ok: true, value: true });
    const delivered = await store.observe({ recount: true });
    expect(delivered.ok && delivered.value.waiting.count).toBe(before.value.waiting.count);
  });

  it('saves on a version only while it is the stored one', async () => {
    const record = await stored(newRecord(freshId(), sampleEnquiry, false, t0));
    const read = await store.readVersioned(record.id);
    if (!read.ok || !read.value) throw new Error('not read');
    const leased = startAttempt(record, t0 + 2 * 60_000);
    expect(await store.save(leased, read.value.version)).toEqual({ ok: true, value: true });
    expect(await store.save(markDelivered(record, t0), read.value.version)).toEqual({
      ok: true,
      value: false,
    });
    expect(await store.readRecord(record.id)).toEqual({ ok: true, value: leased });
    // Without a version a save always lands (a record sent and to be marked delivered).
    const delivered = markDelivered(leased, t0 + 3 * 60_000);
    expect(await store.save(delivered)).toEqual({ ok: true, value: true });
    expect(await store.readRecord(record.id)).toEqual({ ok: true, value: delivered });
  });

  it('keeps "delivered" when a send that failed saves its attempt: that save is on its lease only', async () => {
    const leased = await stored(newRecord(freshId(), sampleEnquiry, false, t0));
    // Another sender took the record (its lease over by a stepped clock) and delivered it.
    expect((await store.save(markDelivered(leased, t0 + 60_000))).ok).toBe(true);
    const refused: Mailer = async () => ({ ok: false, code: 'EENVELOPE', responseCode: 550 });
    const attempt = await attemptDelivery(leased, {
      store,
      mailer: refused,
      route,
      now: () => t0,
      brand: 'A',
      ...inProcess,
    });
    expect(attempt).toMatchObject({ delivered: false, saved: false });
    expect(await store.readRecord(leased.id)).toMatchObject({ ok: true, value: { status: 'delivered' } });
    // On its own lease, the failed attempt is saved, and due again after its backoff.
    const own = await stored(newRecord(freshId(), sampleEnquiry, false, t0));
    expect(
      await attemptDelivery(own, { store, mailer: refused, route, now: () => t0, brand: 'A', ...inProcess }),
    ).toMatchObject({
      saved: true,
    });
    expect(await store.readRecord(own.id)).toMatchObject({
      ok: true,
      value: { status: 'pending', nextAttemptAt: new Date(t0 + enquiryPolicy.firstBackoffMs).toISOString() },
    });
  });

  it('lets exactly one of many racing writers on one version take the record', async () => {
    const record = await stored(newRecord(freshId(), sampleEnquiry, false, t0));
    const read = await store.readVersioned(record.id);
    if (!read.ok || !read.value) throw new Error('not read');
    const { version } = read.value;
    const writers = Array.from({ length: 8 }, (_, i) => (i % 2 ? second() : store));
    const results = await Promise.all(
      writers.map((writer, i) => writer.save(startAttempt(record, t0 + i), version)),
    );
    expect(results.every((result) => result.ok)).toBe(true);
    expect(results.filter((result) => result.ok && result.value)).toHaveLength(1);
  });

  it('lists pending records once due, the longest-waiting first, and old ones once deletable', async () => {
    const now = t0 + 40 * day;
    const leasedAt = now - enquiryPolicy.sendLeaseMs; // the lease of a record sent then runs out now
    const later = newRecord(freshId(), sampleEnquiry, false, leasedAt + 30_000); // due in 30 s
    const first = newRecord(freshId(), sampleEnquiry, false, leasedAt - 5 * 60_000);
    const second = newRecord(freshId(), sampleEnquiry, false, leasedAt - 2 * 60_000);
    const old = markDelivered(newRecord(freshId(), sampleEnquiry, false, t0), t0);
    const recent = markDelivered(newRecord(freshId(), sampleEnquiry, false, now - day), now - day);
    for (const record of [later, second, first, old, recent]) await stored(record);

    const due = await store.due(now);
    if (!due.ok) throw new Error(due.code);
    const dueIds = due.value.map((entry) => entry.id);
    expect(dueIds.indexOf(first.id)).toBeLessThan(dueIds.indexOf(second.id));
    expect(dueIds).toContain(second.id);
    expect(dueIds).not.toContain(later.id);
    const purgeable = await store.purgeable(now + day);
    if (!purgeable.ok) throw new Error(purgeable.code);
    expect(purgeable.value.map((entry) => entry.id)).toContain(old.id);
    expect(purgeable.value.map((entry) => entry.id)).not.toContain(recent.id);
    const deletableFrom = t0 + enquiryPolicy.deleteDeliveredAfterMs;
    expect((await store.purgeable(deletableFrom - 2 * day)).ok).toBe(true);

    // Once the job has dealt with an entry, it is not listed for that state again.
    const entry = due.value.find((listed) => listed.id === first.id)!;
    expect(await store.settle(entry.key)).toEqual({ ok: true, value: true });
    const leased = startAttempt(first, now);
    expect((await store.save(leased)).ok).toBe(true);
    const after = await store.due(now);
    expect(after.ok && after.value.map((listed) => listed.id)).not.toContain(first.id);
  });

  it('lists page by page after a row, newest first then by id, as one listing does', async () => {
    // Two received in the same millisecond: the id orders them, and a page may end between them.
    const at = t0 + 50 * day;
    for (const offset of [0, 0, 60_000, 120_000, 120_000]) {
      await stored(markUndeliverable(newRecord(freshId(), sampleEnquiry, false, at + offset), at + day));
    }
    for (const status of [undefined, 'failed'] as const) {
      const whole = await store.list({ status });
      if (!whole.ok) throw new Error(whole.code);
      const paged: string[] = [];
      let after: InboxQuery['after'];
      for (;;) {
        const page = await store.list({ status, limit: 2, after });
        if (!page.ok) throw new Error(page.code);
        expect(page.value.length).toBeLessThanOrEqual(2);
        const last = page.value.at(-1);
        if (!last) break;
        paged.push(...page.value.map((record) => record.id));
        expect(paged.length).toBeLessThanOrEqual(whole.value.length);
        after = { receivedAt: last.receivedAt, id: last.id };
      }
      expect(paged).toEqual(whole.value.map((record) => record.id));
    }
  });

  it('sums itself up: counts by status, the oldest pending, the last failure', async () => {
    const before = await store.summary();
    if (!before.ok) throw new Error(before.code);
    const oldest = newUnsentRecord(freshId(), sampleEnquiry, false, t0 - 100 * day);
    const failedAt = t0 + 100 * day;
    const error = { code: 'EAUTH', responseCode: 535, command: 'AUTH PLAIN' };
    const refused = markFailedAttempt(newRecord(freshId(), sampleEnquiry, false, failedAt), error, failedAt);
    const gaveUp = markUndeliverable(newRecord(freshId(), sampleEnquiry, false, t0), t0);
    for (const record of [oldest, refused, gaveUp]) await stored(record);
    // A delivered record keeps no failure, and counts as delivered only.
    await stored(markDelivered(newRecord(freshId(), sampleEnquiry, false, t0), t0));
    const { pending, awaitingMail, delivered, failed } = before.value;
    expect(await store.summary()).toEqual({
      ok: true,
      value: {
        pending: pending + 2,
        awaitingMail: awaitingMail + 1,
        delivered: delivered + 1,
        failed: failed + 1,
        oldestPendingAt: oldest.receivedAt,
        lastFailure: { at: new Date(failedAt).toISOString(), error },
      },
    });
  });

  it('counts its records and lists them newest first', async () => {
    const counted = await store.count(t0);
    const listed = await store.list();
    if (!counted.ok || !listed.ok) throw new Error('not counted');
    expect(counted.value).toBe(listed.value.length);
    const received = listed.value.map((record) => record.receivedAt);
    expect(received).toEqual([...received].sort().reverse());
  });
});
