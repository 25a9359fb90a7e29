/**
 * A Netlify Scheduled Function: every minute, re-sends stored enquiries that are still pending,
 * gives up on those pending for 24 hours and deletes old ones (functions/lib/enquiry-job.ts).
 * `npm start` runs the same handler in-process on the same schedule.
 */
import { site } from '../src/site.config.ts';
import { deliverEmail } from './lib/deliver-email.ts';
import type { Mailer } from './lib/enquiry-delivery.ts';
import { runEnquiryJob } from './lib/enquiry-job.ts';
import { openEnquiryStore, type EnquiryStore } from './lib/enquiry-store.ts';
import { logOutcome } from './lib/log-outcome.ts';
import type { Env } from '../src/lib/shared/env.ts';
import { mailRoute } from './lib/mail-settings.ts';

export const config = { schedule: '* * * * *' };

interface RetryDeps {
  now: () => number;
  store: EnquiryStore;
  mailer: Mailer;
  env: Env;
}

export function createRetryHandler(deps: RetryDeps): () => Promise<Response> {
  return async function retryEnquiries() {
    const route = mailRoute(deps.env, site.email);
    if (route.kind === 'unconfigured') {
      logOutcome('not_configured', { job: 'retry', problem: JSON.stringify(route.problem) });
      return Response.json({ ok: false, error: 'not_configured' }, { status: 503 });
    }
    const summary = await runEnquiryJob({ ...deps, route, brand: site.brand });
    return Response.json({ ok: true, ...summary });
  };
}

export default createRetryHandler({
  now: () => Date.now(),
  store: openEnquiryStore(),
  mailer: deliverEmail,
  env: process.env,
});
