/**
 * `npm run enquiries`: the stored enquiries, from the store the environment points to: with
 * NETLIFY_SITE_ID and NETLIFY_AUTH_TOKEN set, a Netlify site's own (Netlify Blobs); else the
 * SQLite file `npm start` keeps in ENQUIRY_STORE_DIR (.data by default), safe to read while it
 * runs. Reads `.env` as `npm start` does. See enquiries/inbox.ts for the options.
 */
// First, so that .env is loaded before a setting is read.
import '../server/env-file.ts';
import { openBlobsStore, siteCredentials } from '../enquiries/store/blobs.ts';
import { mailAddresses } from '../enquiries/mail-settings.ts';
import { serverConfig } from '../server/config.ts';
import { openSqliteStore } from '../enquiries/store/sqlite.ts';
import { site } from '../src/site.config.ts';
import { runEnquiriesCommand } from '../enquiries/inbox.ts';

const remote = siteCredentials(process.env);
const { enquiryStoreDir: directory, enquiryStoreWaitMs: waitMs } = serverConfig(process.env);
const store = remote ? openBlobsStore(remote) : openSqliteStore(directory, { waitMs });
console.error(remote ? `Netlify site ${remote.siteID}` : `Local store ${directory}`);
try {
  process.exitCode = await runEnquiriesCommand(process.argv.slice(2), {
    store,
    now: () => Date.now(),
    print: (line) => console.log(line),
    mail: mailAddresses(process.env),
    brand: site.brand,
  });
} finally {
  await store.close();
}
