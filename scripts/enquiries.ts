/**
 * `npm run enquiries`: the stored enquiries, locally (the .data/ store `npm start` keeps, or
 * ENQUIRY_STORE_DIR) or, with NETLIFY_SITE_ID and NETLIFY_AUTH_TOKEN set, a Netlify site's own
 * store. See scripts/enquiries/commands.ts for the options.
 */
import { openEnquiryStore, siteCredentials } from '../functions/lib/enquiry-store.ts';
import { serverConfig } from '../server/config.ts';
import { startLocalBlobs } from '../server/local-blobs.ts';
import { runEnquiriesCommand } from './enquiries/commands.ts';

const remote = siteCredentials(process.env);

const local = remote ? undefined : await startLocalBlobs(serverConfig(process.env).enquiryStoreDir);
console.error(remote ? `Netlify site ${remote.siteID}` : `Local store ${local?.directory}`);
try {
  process.exitCode = await runEnquiriesCommand(process.argv.slice(2), {
    store: openEnquiryStore(remote),
    now: () => Date.now(),
    print: (line) => console.log(line),
  });
} finally {
  await local?.stop();
}
