/**
 * The retry job's own limits, with an in-memory store and a mailer that only records: it caps each
 * send's time limit and stops starting work past its budget, so a run ends within Netlify's 30 s.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { SendableRoute } from '../../../../functions/lib/enquiry-delivery.ts';
import { jobBudgetMs, jobSendLimitMs, runEnquiryJob } from '../../../../functions/lib/enquiry-job.ts';
import { newRecord, type EnquiryRecord } from '../../../../functions/lib/enquiry-record.ts';
import type { EnquiryStore } from '../../../../functions/lib/enquiry-store.ts';
import { mailRoute } from '../../../../functions/lib/mail-settings.ts';
import { sampleEnquiry } from '../../../support/enquiries.ts';

function memoryStore(records: EnquiryRecord[]): EnquiryStore {
  const kept = new Map(records.map((record) => [record.id, record]));
  return {
    create: async () => ({ ok: true, value: { created: true } }),
    get: async (id) => ({ ok: true, value: kept.get(id) }),
    save: async (record) => (kept.set(record.id, record), { ok: true, value: true }),
    remove: async (id) => (kept.delete(id), { ok: true, value: true }),
    ids: async () => ({ ok: true, value: [...kept.keys()] }),
  };
}

const route = mailRoute({
  SMTP_HOST: 'smtp.agency.example',
  MAIL_FROM: 'a@agency.example',
  MAIL_TO: 'b@agency.example',
}) as SendableRoute;
const due = (n: number) => newRecord(n.toString(16).padStart(32, '0'), sampleEnquiry, false, 0);

describe('the retry job', () => {
  beforeEach(() => {
    vi.spyOn(console, 'info').mockImplementation(() => undefined);
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
    const summary = await runEnquiryJob({
      store: memoryStore([due(1)]),
      mailer,
      route,
      now: () => 10 * 60_000,
      brand: 'Agency',
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
    const records = Array.from({ length: 20 }, (_, i) => due(i + 1));
    const summary = await runEnquiryJob({
      store: memoryStore(records),
      mailer,
      route,
      now: () => clock,
      brand: 'A',
    });
    expect(summary.delivered).toBeLessThan(20);
    expect(summary.delivered).toBeGreaterThan(0);
  });
});
