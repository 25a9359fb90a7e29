/**
 * `npm run enquiries`: the stored enquiries, from the store the environment points to: with
 * NETLIFY_SITE_ID and NETLIFY_AUTH_TOKEN set, a Netlify site's own (Netlify Blobs); else the
 * SQLite file `npm start` keeps in ENQUIRY_STORE_DIR (.data by default), safe to read while it
 * runs. Reads `.env` as `npm start` does. See enquiries/inbox.ts for the options.
 */
import { existsSync } from 'node:fs';

// Before anything reads the environment: the site settings are read at import time.
if (existsSync('.env')) process.loadEnvFile('.env');
const { openBlobsStore, siteCredentials } = await import('../enquiries/store/blobs.ts');
const { mailAddresses } = await import('../enquiries/mail-settings.ts');
const { serverConfig } = await import('../server/config.ts');
const { openSqliteStore } = await import('../enquiries/store/sqlite.ts');
const { site } = await import('../src/site.config.ts');
const { runEnquiriesCommand } = await import('../enquiries/inbox.ts');

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
