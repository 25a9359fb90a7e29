/**
 * The health judgement (enquiries/health.ts) over what the store shows: each `fail` and `warn`
 * condition on its own, the HTTP status it maps to, and nothing but counts, times and codes.
 */
import { describe, expect, it } from 'vitest';
import { healthResponse, judgeHealth, type HealthInput } from '#enquiries/health.ts';
import type { MailRoute } from '#enquiries/mail-settings.ts';
import { sendFailure, type Observed } from '#enquiries/watch.ts';
import type { SendError } from '#enquiries/record.ts';

const failureKind = (error: SendError) => sendFailure(error, nowMs).kind;

const nowMs = Date.UTC(2031, 0, 10, 12, 0, 0);
const ago = (ms: number) => new Date(nowMs - ms).toISOString();
const minute = 60_000;
const smtp = { kind: 'smtp' } as MailRoute;
const healthy: Observed = { waiting: { count: 0 }, state: { lastJobRunAt: ago(30_000) } };
const judge = (observed: Observed, more: Partial<HealthInput> = {}) =>
  judgeHealth({
    observed: { ok: true, value: observed },
    nowMs,
    route: smtp,
    alertAfterMs: 15 * minute,
    ...more,
  });

describe('the health judgement', () => {
  it('passes while nothing waits and the job runs', () => {
    expect(judge(healthy)).toMatchObject({ status: 'pass', cause: undefined });
  });

  it('fails once the oldest waiting enquiry has waited past the alert time, not before', () => {
    const waiting = (ms: number): Observed => ({
      ...healthy,
      waiting: { count: 2, oldestReceivedAt: ago(ms) },
    });
    expect(judge(waiting(14 * minute)).status).toBe('pass');
    const late = judge(waiting(16 * minute));
    expect(late).toMatchObject({ status: 'fail', cause: 'waiting' });
    expect(late.checks['enquiries:oldest-waiting']?.[0]).toMatchObject({
      observedValue: 16,
      observedUnit: 'min',
    });
  });

  it('fails on a refusal for good that no delivery followed, while enquiries wait', () => {
    const lastFailure = { at: ago(minute), kind: 'refused', code: 'EENVELOPE', responseCode: 550 } as const;
    const refused: Observed = {
      waiting: { count: 1, oldestReceivedAt: ago(minute) },
      state: { ...healthy.state, lastFailure },
    };
    expect(judge(refused)).toMatchObject({ status: 'fail', cause: 'refused' });
    const deliveredSince = { ...refused, state: { ...refused.state, lastDeliveredAt: ago(10_000) } };
    expect(judge(deliveredSince).status).toBe('pass');
    expect(judge({ ...refused, waiting: { count: 0 } }).status).toBe('pass');
  });

  it('fails when the store cannot be read, and when the job has not run for five minutes', () => {
    const unreadable = judgeHealth({
      observed: { ok: false, code: 'STORE_CORRUPT' },
      nowMs,
      route: smtp,
      alertAfterMs: minute,
    });
    expect(unreadable).toMatchObject({ status: 'fail', cause: 'store' });
    const stale = { ...healthy, state: { lastJobRunAt: ago(6 * minute) } };
    expect(judge({ ...healthy, state: { lastJobRunAt: ago(4 * minute) } }).status).toBe('pass');
    expect(judge(stale)).toMatchObject({ status: 'fail', cause: 'job' });
  });

  it('warns while mail is not configured or before the job first runs, naming no value', () => {
    const route: MailRoute = {
      kind: 'unconfigured',
      problem: 'MAIL_FROM must be an email address, got "secret"',
    };
    const unconfigured = judge(healthy, { route });
    expect(unconfigured.status).toBe('warn');
    expect(JSON.stringify(unconfigured.checks)).not.toContain('secret');
    expect(judge({ ...healthy, state: {} }).status).toBe('warn');
  });

  it('answers 200 for pass and warn, 503 for fail, as application/health+json never cached', async () => {
    for (const [observed, status] of [
      [healthy, 200],
      [{ ...healthy, state: {} }, 200],
      [{ ...healthy, waiting: { count: 1, oldestReceivedAt: ago(20 * minute) } }, 503],
    ] as const) {
      const response = healthResponse(judge(observed), {});
      expect(response.status).toBe(status);
      expect(response.headers.get('content-type')).toBe('application/health+json');
      expect(response.headers.get('cache-control')).toBe('no-store');
      expect(await response.json()).toHaveProperty('checks');
    }
  });

  it('reads a failure’s kind from the server’s answer before the client’s code', () => {
    expect(failureKind({ code: 'EENVELOPE', responseCode: 451 })).toBe('deferred');
    expect(failureKind({ code: 'EENVELOPE', responseCode: 550 })).toBe('refused');
    expect(failureKind({ code: 'EAUTH', responseCode: 535 })).toBe('refused');
    expect(failureKind({ code: 'EAUTH' })).toBe('refused');
    expect(failureKind({ code: 'ETIMEDOUT' })).toBe('timed_out');
    expect(failureKind({ code: 'ECONNECTION' })).toBe('unreachable');
  });
});
