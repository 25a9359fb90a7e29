/**
 * Scheduled publishing on Netlify: functions/scheduled-rebuild.mts runs every hour and, in the
 * first hour of a UK day on which a scheduled post or case study goes live, calls the site's build
 * hook once, so that day's deploy publishes it with nobody acting. This module is that function's
 * configuration, read from the environment (trimmed; blank counts as unset):
 * - `NETLIFY_BUILD_HOOK_URL`: the address of one of the site's build hooks (Netlify: Project
 *   configuration → Build & deploy → Build hooks → Add build hook). Unset: the function calls
 *   nothing, and a scheduled entry appears at the next deploy.
 * A malformed value is logged and nothing is called.
 */
import { readEnv, type Env } from './env.ts';
import { isoDay, ukHour } from './dates.ts';

/** The build hook's address, or the problem with its setting. */
export function buildHookSettings(env: Env): { url?: string | undefined; problems: readonly string[] } {
  const read = readEnv(env);
  const url = read.webAddress('NETLIFY_BUILD_HOOK_URL');
  return { url, problems: read.problems };
}

interface HookRun {
  now: Date;
  /** The UK days scheduled entries go live (scheduled-days.ts), read from the deploy's own files. */
  days: readonly string[];
  env: Env;
  log: (line: string) => void;
}

/** Calls the build hook when `now` is in the first hour of a due day; says what it did. */
export async function callBuildHookWhenDue({ now, days, env, log }: HookRun): Promise<void> {
  const today = isoDay(now);
  if (ukHour(now) !== 0 || !days.includes(today)) return;
  const { url, problems } = buildHookSettings(env);
  if (problems.length > 0 || !url) {
    log(
      `A scheduled entry goes live today (${today}), but no build hook is called: ${problems.join('; ') || 'NETLIFY_BUILD_HOOK_URL is not set'}.`,
    );
    return;
  }
  const response = await fetch(url, { method: 'POST', body: '{}' }).catch((error: unknown) => error);
  if (response instanceof Response && response.ok)
    log(`A scheduled entry goes live today (${today}): build hook called.`);
  else
    log(
      `A scheduled entry goes live today (${today}), but the build hook failed: ${response instanceof Response ? response.status : String(response)}.`,
    );
}
