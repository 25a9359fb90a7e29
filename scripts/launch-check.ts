/**
 * `npm run launch-check`: every setting still at a placeholder or missing (site address, booking
 * page, contact address, the company entry, malformed analytics IDs), each with where to fix it;
 * exit code 1 while any remain, 0 with a short all-clear. `.env` in the working directory fills in
 * what the environment does not set, as for `npm start`. The mail settings exist only where the
 * site runs, so they are checked on Netlify and with `--here` (on the machine running `npm start`),
 * with a warning (never a failure) when no alert channel is set (ALERT_WEBHOOK_URL). An editor at
 * /admin with no GitHub repository to commit to (no CMS_REPO, a remote elsewhere) is named too, as
 * a warning: local editing still works, and a site may be edited that way only.
 */
// First, so that .env is loaded before a setting is read.
import '../server/env-file.ts';
import { cmsBackend, missingRepoWarning } from '../src/lib/build-time/cms/cms-admin.ts';
import { gitFacts } from '../src/lib/build-time/cms/git-facts.ts';
import {
  allClear,
  formatLaunchItems,
  formatLaunchWarnings,
  launchItems,
  launchWarnings,
  readCompanyText,
} from '../src/lib/shared/launch-readiness.ts';
import { launchSettings } from '../src/launch-settings.ts';

// Each settings module's parse, once; a malformed value is an item like any other.
const settings = launchSettings(process.env, { here: process.argv.includes('--here') });
const items = launchItems({ settings, companyText: readCompanyText(process.cwd()) });
if (items.length > 0) {
  console.error(formatLaunchItems(items));
  process.exitCode = 1;
} else {
  console.log(allClear);
}
if (settings.build.ok && !cmsBackend(settings.build.value.cms, gitFacts()).repo) {
  console.warn(`Warning: ${missingRepoWarning}`);
}
// Worth fixing, never a reason to fail: the exit code says only whether anything stops going live.
const warnings = launchWarnings(settings);
if (warnings.length > 0) console.error(formatLaunchWarnings(warnings));
if (!settings.mail) {
  console.log('Mail settings not checked: run `npm run launch-check -- --here` where the site runs.');
}
