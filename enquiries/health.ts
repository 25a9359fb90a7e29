/**
 * Whether enquiries reach the agency's inbox, judged from one read of the store (watch.ts) in the
 * IETF health-check response format (draft-inadarei-api-health-check: `status` pass, warn or fail,
 * and `checks` with observed values and times). `fail` when an enquiry has waited longer than
 * ALERT_AFTER_MINUTES, mail was refused for good and nothing was delivered since, the store cannot
 * be read, or the retry job has recorded no run for `jobStaleAfterMs` (it cannot write the store,
 * or it is not running); `warn` while mail is not configured or before the job's first run.
 * Counts, times and codes only: never a visitor's details, and no setting's value. Pure.
 */
import type { MailRoute } from './mail-settings.ts';
import type { StoreResult } from './store/store.ts';
import { refusedSinceLastDelivery, type IncidentCause, type Observed } from './watch.ts';

export type HealthStatus = 'pass' | 'warn' | 'fail';

interface Check {
  status: HealthStatus;
  time: string;
  observedValue?: number | string | boolean | null;
  observedUnit?: string;
  output?: string;
}

export interface Health {
  status: HealthStatus;
  /** Why it fails, when it does: the first cause found, in the order the checks are listed. */
  cause?: IncidentCause | 'job';
  checks: Record<string, Check[]>;
  /** What the store showed, when it could be read. */
  observed?: Observed;
}

export interface HealthInput {
  observed: StoreResult<Observed>;
  nowMs: number;
  route: MailRoute;
  alertAfterMs: number;
}

/** The job runs every minute: this many minutes without a recorded run is a failure. */
const jobStaleAfterMs = 5 * 60_000;

const minutes = (ms: number) => Math.floor(ms / 60_000);
const worst = (statuses: HealthStatus[]): HealthStatus =>
  statuses.includes('fail') ? 'fail' : statuses.includes('warn') ? 'warn' : 'pass';

export function judgeHealth({ observed, nowMs, route, alertAfterMs }: HealthInput): Health {
  const now = new Date(nowMs).toISOString();
  const mail: Check =
    route.kind === 'smtp'
      ? { status: 'pass', time: now, observedValue: true }
      : {
          status: 'warn',
          time: now,
          observedValue: false,
          // The problem names the variable; a malformed value it quotes stays out of the answer.
          output: `Mail is not configured: ${route.problem.replace(/, got .*$/, '')}`,
        };
  if (!observed.ok) {
    const store: Check = { status: 'fail', time: now, observedValue: false, output: observed.code };
    return {
      status: 'fail',
      cause: 'store',
      checks: { 'enquiry-store:readable': [store], 'mail:configured': [mail] },
    };
  }
  const { waiting, state } = observed.value;
  const oldest = waiting.oldestReceivedAt ? Date.parse(waiting.oldestReceivedAt) : undefined;
  const waitedMs = oldest === undefined ? 0 : Math.max(0, nowMs - oldest);
  const waitedTooLong = waiting.count > 0 && waitedMs > alertAfterMs;
  const refused = waiting.count > 0 && refusedSinceLastDelivery(state);
  const jobRunAt = state.lastJobRunAt ? Date.parse(state.lastJobRunAt) : undefined;
  const jobStale = jobRunAt !== undefined && nowMs - jobRunAt > jobStaleAfterMs;
  const failure = state.lastFailure;

  const checks: Record<string, Check[]> = {
    'enquiry-store:readable': [{ status: 'pass', time: now, observedValue: true }],
    'mail:configured': [mail],
    'enquiries:waiting': [{ status: 'pass', time: now, observedValue: waiting.count }],
    'enquiries:oldest-waiting': [
      {
        status: waitedTooLong ? 'fail' : 'pass',
        time: waiting.oldestReceivedAt ?? now,
        observedValue: minutes(waitedMs),
        observedUnit: 'min',
        output: waitedTooLong
          ? `An enquiry has waited ${minutes(waitedMs)} minutes (alert after ${minutes(alertAfterMs)})`
          : undefined,
      },
    ],
    'mail:last-failure': [
      {
        status: refused ? 'fail' : 'pass',
        time: failure?.at ?? now,
        observedValue: failure?.kind ?? null,
        output: failure ? [failure.code, failure.responseCode].filter(Boolean).join(' ') : undefined,
      },
    ],
    'retry-job:last-run': [
      {
        status: jobRunAt === undefined ? 'warn' : jobStale ? 'fail' : 'pass',
        time: state.lastJobRunAt ?? now,
        observedValue: jobRunAt === undefined ? null : Math.max(0, Math.round((nowMs - jobRunAt) / 1000)),
        observedUnit: 's',
        output:
          jobRunAt === undefined
            ? 'The retry job has not run yet'
            : jobStale
              ? 'The retry job has not recorded a run: it is not running, or cannot write the store'
              : undefined,
      },
    ],
  };
  const cause = waitedTooLong ? 'waiting' : refused ? 'refused' : jobStale ? 'job' : undefined;
  const status = worst(Object.values(checks).flatMap((list) => list.map((check) => check.status)));
  return { status, cause, checks, observed: observed.value };
}

/** The answer `GET /api/health` gives: 200 for pass and warn, 503 for fail, never cached. */
export function healthResponse(health: Health, headers: Record<string, string>, withBody = true): Response {
  const body = {
    status: health.status,
    description: 'Whether enquiries from the contact form reach the agency’s inbox',
    checks: health.checks,
  };
  return new Response(withBody ? JSON.stringify(body) : null, {
    status: health.status === 'fail' ? 503 : 200,
    headers: { ...headers, 'Content-Type': 'application/health+json', 'Cache-Control': 'no-store' },
  });
}
