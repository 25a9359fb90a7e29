/**
 * The configuration modules, one per runtime, the only files that read the environment
 * (CONTRIBUTING.md, the rules): each variable they read is in `.env.example` and the README's
 * table, and no other runtime file reads one. The conventions test fails when one no longer exists.
 */
export const configModules: readonly string[] = [
  'src/site.config.ts', // the site's identity, shared
  'src/lib/shared/build-config.ts', // the build
  'enquiries/mail-settings.ts', // the enquiry path
  'server/config.ts', // the local server
  'src/lib/shared/build-hook.ts', // the scheduled-publishing function
];
