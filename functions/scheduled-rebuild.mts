/**
 * A Netlify Scheduled Function: every hour, and in the first hour of a UK day on which a scheduled
 * post or case study goes live, calls the site's build hook (`NETLIFY_BUILD_HOOK_URL`,
 * src/lib/shared/build-hook.ts) once, so the entry is published that day with nobody
 * acting. The days come from the deploy's own posts and case studies, bundled with the function
 * (netlify.toml's `included_files`), read as the build reads them
 * (src/lib/shared/scheduled-days.ts). `npm start` rebuilds itself instead
 * (server/scheduled-rebuild.ts).
 */
import { fileURLToPath } from 'node:url';
import { callBuildHookWhenDue } from '../src/lib/shared/build-hook.ts';
import { scheduledDaysIn } from '../src/lib/shared/scheduled-days.ts';

export const config = { schedule: '5 * * * *' };

// The folder above this file: the project, or the function's bundle, which keeps the same paths.
const root = fileURLToPath(new URL('..', import.meta.url));

export default async () => {
  await callBuildHookWhenDue({
    now: new Date(),
    days: scheduledDaysIn(root),
    env: process.env,
    log: console.log,
  });
  return new Response(null, { status: 204 });
};
