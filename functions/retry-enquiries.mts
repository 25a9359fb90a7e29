/**
 * A Netlify Scheduled Function: every minute, sends stored enquiries that are still pending (those
 * kept while mail was not configured included), gives up on those pending for 24 hours since their
 * first attempt and deletes old ones (functions/lib/retry.ts). With mail not configured it
 * sends nothing and gives nothing up, and still deletes old records. `npm start` runs the same
 * handler in-process, at start-up and on the same schedule, and serves it at no path.
 *
 * No one can run it from outside: "You can't invoke scheduled functions directly with a URL"
 * (https://docs.netlify.com/build/functions/scheduled-functions/), which holds while `config` has
 * a schedule and no path (tests/integration/functions/bundled-functions.test.ts). Were it reached
 * all the same, it reads nothing from the request: a run does only what the next scheduled run
 * would do (what is due, each enquiry sent once under its lease, within the job's time budget).
 */
import { site } from '../src/site.config.ts';
import { deliverEmail } from './lib/send.ts';
import type { Mailer } from './lib/send.ts';
import { runEnquiryJob } from './lib/retry.ts';
import { openBlobsStore } from './lib/store/blobs.ts';
import type { EnquiryStore } from './lib/store/store.ts';
import type { Env } from '../src/lib/shared/env.ts';
import { mailRoute } from './lib/mail-settings.ts';

export const config = { schedule: '* * * * *' };

interface RetryDeps {
  now: () => number;
  store: EnquiryStore;
  mailer: Mailer;
  env: Env;
  /** Ids sent and not yet saved as delivered, shared with the contact function (send.ts). */
  unsaved?: Set<string>;
  /** Asks a run to start no new work (a server shutting down). */
  signal?: AbortSignal;
}

export function createRetryHandler(deps: RetryDeps): () => Promise<Response> {
  return async function retryEnquiries() {
    const route = mailRoute(deps.env);
    const summary = await runEnquiryJob({ ...deps, route, brand: site.brand });
    return Response.json({ ok: true, mailConfigured: route.kind === 'smtp', ...summary });
  };
}

export default createRetryHandler({
  now: () => Date.now(),
  store: openBlobsStore(),
  mailer: deliverEmail,
  env: process.env,
});
