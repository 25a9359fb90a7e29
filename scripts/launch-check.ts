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
import { existsSync } from 'node:fs';
import { settingsProblems } from '../src/lib/shared/env.ts';

if (existsSync('.env')) process.loadEnvFile('.env');

try {
  // The settings modules read the environment as they load: a malformed value is an item too.
  const { buildConfig } = await import('../src/lib/build-time/build-config.ts');
  const { allClear, formatLaunchItems, formatLaunchWarnings, launchItems, launchWarnings, readCompanyText } =
    await import('../src/lib/build-time/legal/launch-readiness.ts');
  const { cmsBackend, missingRepoWarning } = await import('../src/lib/build-time/cms/cms-admin.ts');
  const { gitFacts } = await import('../src/lib/build-time/cms/git-facts.ts');
  const checkMail = buildConfig.onNetlify || process.argv.includes('--here');
  const items = launchItems({ env: process.env, companyText: readCompanyText(process.cwd()), checkMail });
  if (items.length > 0) {
    console.error(formatLaunchItems(items));
    process.exitCode = 1;
  } else {
    console.log(allClear);
  }
  if (!cmsBackend(buildConfig.cms, gitFacts()).repo) console.warn(`Warning: ${missingRepoWarning}`);
  // Worth fixing, never a reason to fail: the exit code says only whether anything stops going live.
  const warnings = launchWarnings({ env: process.env, checkMail });
  if (warnings.length > 0) console.error(formatLaunchWarnings(warnings));
  if (!checkMail) {
    console.log('Mail settings not checked: run `npm run launch-check -- --here` where the site runs.');
  }
} catch (error) {
  for (const problem of settingsProblems(error)) console.error(`  ✗ ${problem}`);
  console.error('Fix these in the environment or in .env (README, Configuration), then run it again.');
  process.exitCode = 1;
}
