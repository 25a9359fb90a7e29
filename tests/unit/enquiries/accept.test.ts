/**
 * The accept path's store writes, with Netlify Blobs in memory: a sent enquiry whose "delivered"
 * cannot be saved is logged as such and never mailed again by the retry job, and past the store's
 * cap an enquiry is refused storage with a clear line, answered as received only if it was sent.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createEnquiryAcceptor, type AcceptDeps } from '#enquiries/accept.ts';
import type { Mailer } from '#enquiries/send.ts';
import type { SendableRoute } from '#enquiries/mail-settings.ts';
import { runEnquiryJob } from '#enquiries/retry.ts';
import { type EnquiryRecord } from '#enquiries/record.ts';
import { openBlobsStore } from '#enquiries/store/blobs.ts';
import { mailRoute, type MailRoute } from '#enquiries/mail-settings.ts';
import { processMemory, sampleEnquiry } from '#support/enquiries.ts';
import { memoryBlobs, type BlobCall } from '#support/memory-blobs.ts';
import { enquiryPolicy, storeCapRecords } from '#src/lib/shared/enquiry-policy.ts';

// One process's memory, for the whole file.
const inProcess = processMemory();

const route = mailRoute({
  SMTP_HOST: 'smtp.agency.example',
  MAIL_FROM: 'a@agency.example',
  MAIL_TO: 'b@agency.example',
}) as SendableRoute;
/** One enquiry through a fresh accept step (its own memory of requests in progress). */
const acceptEnquiry = (deps: AcceptDeps, given: MailRoute = route) =>
  createEnquiryAcceptor(deps)(submission, given);
const submission = {
  enquiry: sampleEnquiry,
  submissionId: 'a1b2c3d4-e5f6-4789-8abc-def012345678',
  possibleSpam: false,
};
const received = Date.UTC(2030, 5, 1, 12);

let logs: string[];
beforeEach(() => {
  logs = [];
  for (const level of ['info', 'warn', 'error'] as const) {
    vi.spyOn(console, level).mockImplementation((line: string) => void logs.push(line));
  }
});
afterEach(() => {
  vi.restoreAllMocks();
});

function mailerThat(ok: boolean) {
  const sent: string[] = [];
  const mailer: Mailer = async (email) => {
    sent.push(email.messageId);
    return ok ? { ok: true, via: 'smtp' } : { ok: false, code: 'ECONNREFUSED' };
  };
  return { sent, mailer };
}

const savesDelivered = ({ store, data }: BlobCall) =>
  store === 'enquiries' && (data as EnquiryRecord | undefined)?.status === 'delivered';

describe('accepting an enquiry', () => {
  it('says so when "delivered" could not be saved, and the retry job never mails it again', async () => {
    let storeDown = true;
    const blobs = memoryBlobs((call) => {
      if (savesDelivered(call) && storeDown) throw Object.assign(new Error('down'), { code: 'ECONNRESET' });
    });
    const store = openBlobsStore(undefined, blobs.open);
    const { sent, mailer } = mailerThat(true);
    const deps = {
      store,
      mailer,
      route,
      now: () => received,
      brand: 'A',
      ...inProcess,
      unsaved: new Set<string>(),
    };

    expect(await acceptEnquiry(deps)).toEqual({ ok: true });
    expect(logs.join('\n')).toMatch(/outcome=store_failed id=(\w+) what=delivered code=ECONNRESET/);
    expect(logs.join('\n')).toMatch(/outcome=sent id=\w+ via=smtp stored=unmarked/);
    expect(logs.join('\n')).not.toMatch(/stored=yes/);

    storeDown = false;
    const later = received + enquiryPolicy.maxBackoffMs;
    await runEnquiryJob({ ...deps, now: () => later });
    await runEnquiryJob({ ...deps, now: () => later + enquiryPolicy.maxBackoffMs });
    expect(sent).toHaveLength(1);
    const [id] = blobs.keys('enquiries');
    expect(await store.readRecord(id ?? '')).toMatchObject({ ok: true, value: { status: 'delivered' } });
  });

  describe(`past the store's cap of ${storeCapRecords} records`, () => {
    function fullStore() {
      const blobs = memoryBlobs();
      blobs.seed('enquiries-index', 'census', { records: storeCapRecords, countedAt: received });
      return { blobs, store: openBlobsStore(undefined, blobs.open) };
    }

    it('keeps nothing, says why, and answers received once it is sent', async () => {
      const { blobs, store } = fullStore();
      const { mailer } = mailerThat(true);
      const accepted = await acceptEnquiry({ store, mailer, now: () => received, brand: 'A', ...inProcess });
      expect(accepted).toEqual({ ok: true });
      expect(blobs.keys('enquiries')).toEqual([]);
      expect(logs.join('\n')).toContain(`outcome=store_failed code=STORE_FULL records=${storeCapRecords}`);
      expect(logs.join('\n')).toMatch(/outcome=sent id=\w+ via=smtp stored=no/);
    });

    it('answers an error with mail not configured: kept nowhere', async () => {
      const { blobs, store } = fullStore();
      const { sent, mailer } = mailerThat(true);
      const accepted = await acceptEnquiry(
        { store, mailer, now: () => received, brand: 'A', ...inProcess },
        mailRoute({}),
      );
      expect(accepted).toEqual({ ok: false, cause: 'store' });
      expect(sent).toEqual([]);
      expect(blobs.keys('enquiries')).toEqual([]);
    });

    it('answers an error when it could not be sent either', async () => {
      const { store } = fullStore();
      const { mailer } = mailerThat(false);
      const accepted = await acceptEnquiry({ store, mailer, now: () => received, brand: 'A', ...inProcess });
      expect(accepted).toEqual({ ok: false, cause: 'send' });
    });
  });

  it('is kept again once the retry job has counted fewer records than the cap', async () => {
    const blobs = memoryBlobs();
    blobs.seed('enquiries-index', 'census', { records: storeCapRecords, countedAt: received - 3_600_000 });
    const store = openBlobsStore(undefined, blobs.open);
    const { mailer } = mailerThat(false);
    await runEnquiryJob({ store, mailer, route, now: () => received, brand: 'A', ...inProcess });
    const accepted = await acceptEnquiry({ store, mailer, now: () => received, brand: 'A', ...inProcess });
    expect(accepted).toEqual({ ok: true });
    expect(logs.join('\n')).toMatch(/outcome=queued id=\w+/);
    expect(blobs.keys('enquiries')).toHaveLength(1);
  });
});
