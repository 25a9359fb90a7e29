/**
 * `npm run enquiries`: the stored enquiries, locally (the .data/ store `npm start` keeps, or
 * ENQUIRY_STORE_DIR) or, with NETLIFY_SITE_ID and NETLIFY_AUTH_TOKEN set, a Netlify site's own
 * store. Reads `.env` as `npm start` does. See scripts/enquiries/list.ts for the options.
 */
import { existsSync } from 'node:fs';

// Before anything reads the environment: the site settings are read at import time.
if (existsSync('.env')) process.loadEnvFile('.env');
const { openEnquiryStore, siteCredentials } = await import('../functions/lib/store/records.ts');
const { mailAddresses } = await import('../functions/lib/mail-settings.ts');
const { serverConfig } = await import('../server/config.ts');
const { startLocalBlobs } = await import('../server/local-blobs.ts');
const { site } = await import('../src/site.config.ts');
const { runEnquiriesCommand } = await import('./enquiries/list.ts');

const remote = siteCredentials(process.env);

const local = remote ? undefined : await startLocalBlobs(serverConfig(process.env).enquiryStoreDir);
console.error(remote ? `Netlify site ${remote.siteID}` : `Local store ${local?.directory}`);
try {
  process.exitCode = await runEnquiriesCommand(process.argv.slice(2), {
    store: openEnquiryStore(remote),
    now: () => Date.now(),
    print: (line) => console.log(line),
    mail: mailAddresses(process.env),
    brand: site.brand,
  });
} finally {
  await local?.stop();
}
