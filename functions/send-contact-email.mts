/**
 * The site's only request-serving code, as a Netlify Function (v2): the contact form's endpoint.
 * The checklist itself is enquiries/contact-handler.ts; this shell wires it to Netlify Blobs, SMTP
 * and the environment. The local server runs the same checklist (enquiries/host.ts).
 */
import { createContactHandler } from '../enquiries/contact-handler.ts';
import { deliverEmail } from '../enquiries/send.ts';
import { openBlobsStore } from '../enquiries/store/blobs.ts';
import { site } from '../src/site.config.ts';

// Literal values: Netlify reads this object without running the code. Held by a test to
// `contactEndpoint` (src/lib/shared/paths.ts) and `contactRateLimit`
// (src/lib/shared/enquiry-policy.ts), the one homes of the path and the numbers.
export const config = {
  path: '/api/send-contact-email',
  rateLimit: { windowLimit: 5, windowSize: 180, aggregateBy: ['ip', 'domain'] },
};

export default createContactHandler({
  now: () => Date.now(),
  store: openBlobsStore(),
  mailer: deliverEmail,
  env: process.env,
  brand: site.brand,
  site,
});
