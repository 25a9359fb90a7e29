/**
 * The build's settings (`astro build` and `npm run dev`), read once from the environment, when first
 * asked (after astro.config.mjs has filled it in from `.env`). It sits on the floor, not in
 * build-time/, because the launch check judges them wherever it runs, `npm start` included.
 * The site's identity (`SITE_URL`, `PUBLIC_BRAND_NAME`, `PUBLIC_CONTACT_EMAIL`,
 * `PUBLIC_BOOKING_URL`) is read by src/site.config.ts, which the function and the local server
 * share; this module reads the rest, trimmed (blank counts as unset):
 * - `PUBLIC_GA_ID`: a Google Analytics 4 measurement ID (`G-` then capitals and digits).
 * - `PUBLIC_CLARITY_ID`: a Microsoft Clarity project ID (lower-case letters and digits).
 *   Default for both: unset, no such analytics; with neither, the pages carry no analytics code,
 *   no consent banner and no "Cookie settings" button at all.
 * - `CMS_REPO`: the GitHub repository (`owner/name`) the editor at /admin commits to. Default:
 *   the `origin` remote, if it is on GitHub.
 * - `CMS_BRANCH`: the branch the editor commits to. Default: the checked-out branch, else the
 *   repository's default branch.
 * - `OUT_DIR`: a build folder other than dist/ (the one given to `--outDir`), which gets an Astro
 *   cache of its own so parallel builds never share one. Default: unset, Astro's own cache.
 * - `PUBLISH_DAY` (set by `npm start` for the build it makes when a scheduled entry falls due,
 *   server/scheduled-rebuild.ts, never by hand): the UK day its clock says it is, YYYY-MM-DD, so
 *   that build publishes the day's entries even where the build's own clock lags; a day already
 *   past changes nothing. Default: unset, today.
 * - `NETLIFY`, `CONTEXT` (set by Netlify): on Netlify the launch check includes the mail settings,
 *   and a production deploy (`CONTEXT=production`) refuses placeholders
 *   (src/integrations/launch-check-at-build.ts); every other build only warns.
 * A malformed value stops the build with an error naming the variable and the form it expects:
 * a typo in an analytics ID would otherwise ship a tag that silently reports nowhere.
 */
import type { AnalyticsIds } from './analytics.ts';
import { assertValid, onFirstUse, readEnv, type Env } from './env.ts';
import { isoDay } from './dates.ts';

export interface BuildConfig {
  analytics: AnalyticsIds;
  /** Unset parts fall back to what Git says (src/lib/build-time/cms/cms-admin.ts, `cmsBackend`). */
  cms: { repo?: string | undefined; branch?: string | undefined };
  outDir?: string | undefined;
  /** The UK day a rebuild for scheduled entries publishes for (PUBLISH_DAY). */
  publishDay?: string | undefined;
  /** Built by Netlify, whose environment is the deployed site's: the mail settings are there to check. */
  onNetlify: boolean;
  /** Netlify's production context: placeholders stop the build instead of a warning. */
  refusePlaceholders: boolean;
}

export function readBuildConfig(env: Env = process.env): BuildConfig {
  const read = readEnv(env);
  const ga = read.matching(
    'PUBLIC_GA_ID',
    /^G-[A-Z0-9]+$/,
    'must look like G-AB12CD34EF (a GA4 measurement ID)',
  );
  const clarity = read.matching(
    'PUBLIC_CLARITY_ID',
    /^[a-z0-9]+$/,
    'must look like abcd1234ef (a Clarity project ID)',
  );
  const config: BuildConfig = {
    analytics: { ...(ga && { ga }), ...(clarity && { clarity }) },
    cms: {
      repo: read.matching(
        'CMS_REPO',
        /^[\w.-]+\/[\w.-]+$/,
        'must be a GitHub repository as owner/name, like agency/website',
      ),
      // The characters Git forbids in a branch name (git check-ref-format).
      branch: read.matching('CMS_BRANCH', /^[^\s~^:?*[\\]+$/, 'must be a Git branch name, like main'),
    },
    outDir: read.text('OUT_DIR'),
    publishDay: read.matching(
      'PUBLISH_DAY',
      /^\d{4}-\d{2}-\d{2}$/,
      'must be a day as YYYY-MM-DD, like 2026-12-08',
    ),
    onNetlify: read.text('NETLIFY') === 'true',
    refusePlaceholders: read.text('NETLIFY') === 'true' && read.text('CONTEXT') === 'production',
  };
  assertValid(read.problems, 'build settings (src/lib/shared/build-config.ts)');
  return config;
}

/** The build's settings, parsed on first use (after astro.config.mjs has read `.env`), not at import. */
export const buildConfig = onFirstUse(() => readBuildConfig());

/** The instant the build publishes for: now, or noon (UTC) of PUBLISH_DAY when that day is later. */
export const publishingNow = ({ publishDay } = buildConfig, now = new Date()): Date =>
  publishDay && publishDay > isoDay(now) ? new Date(`${publishDay}T12:00:00Z`) : now;

export const analyticsConfigured = (ids: AnalyticsIds) => Boolean(ids.ga || ids.clarity);
