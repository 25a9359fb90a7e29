/**
 * A Netlify Scheduled Function: every minute, sends stored enquiries that are still pending (those
 * kept while mail was not configured included), gives up on those pending for 24 hours since their
 * first attempt and deletes old ones (enquiries/retry.ts, run by enquiries/retry-handler.ts). With mail not configured it
 * sends nothing and gives nothing up, and still deletes old records. `npm start` runs the same
 * handler in-process, at start-up and on the same schedule, and serves it at no path.
 *
 * No one can run it from outside: "You can't invoke scheduled functions directly with a URL"
 * (https://docs.netlify.com/build/functions/scheduled-functions/), which holds while `config` has
 * a schedule and no path (tests/integration/functions/bundled-functions.test.ts). Were it reached
 * all the same, it reads nothing from the request: a run does only what the next scheduled run
 * would do (what is due, each enquiry sent once under its lease, within the job's time budget).
 */
import { createRetryHandler } from '../enquiries/retry-handler.ts';
import { deliverEmail } from '../enquiries/send.ts';
import { openBlobsStore } from '../enquiries/store/blobs.ts';
import { site } from '../src/site.config.ts';

export const config = { schedule: '* * * * *' };

export default createRetryHandler({
  now: () => Date.now(),
  store: openBlobsStore(),
  mailer: deliverEmail,
  env: process.env,
  brand: site.brand,
});
