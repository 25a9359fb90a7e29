/**
 * `GET /api/health` for an uptime monitor, whichever host runs it (Netlify as
 * functions/health.mts, `npm start` through host.ts): one read of the store (its watch, never a
 * listing), judged by health.ts, answered as `application/health+json`, 200 for pass and warn and
 * 503 for fail, never cached. Cheap enough to poll every minute. Never throws.
 */
import type { Env } from '../src/lib/shared/env.ts';
import { judgeHealth, healthResponse } from './health.ts';
import { alertSettings, mailRoute } from './mail-settings.ts';
import { securityHeaders } from './answers.ts';
import type { EnquiryStore } from './store/store.ts';

export interface HealthDeps {
  store: EnquiryStore;
  now: () => number;
  env: Env;
}

const allowed = 'GET, HEAD';

export function createHealthHandler(deps: HealthDeps): (request: Request) => Promise<Response> {
  return async function health(request) {
    if (request.method !== 'GET' && request.method !== 'HEAD') {
      return new Response(null, { status: 405, headers: { ...securityHeaders, Allow: allowed } });
    }
    const observed = await deps.store.observe();
    const judged = judgeHealth({
      observed,
      nowMs: deps.now(),
      route: mailRoute(deps.env),
      alertAfterMs: alertSettings(deps.env).afterMs,
    });
    return healthResponse(judged, securityHeaders, request.method === 'GET');
  };
}
