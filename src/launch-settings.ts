/**
 * The settings the launch check judges, each parsed once by its own module from the environment
 * given: the site's identity (src/site.config.ts), the build's (src/lib/shared/build-config.ts)
 * and, where the site runs (a Netlify build, or `--here`), the mail route and the owner's alerts
 * (enquiries/mail-settings.ts). The build (src/integrations/launch-check-at-build.ts), `npm start`
 * and `npm run launch-check` all gather them here, so the check itself imports no settings module.
 * It sits beside src/site.config.ts, not in src/lib: it reads enquiries/, which src/lib never does.
 */
import { alertSettings, mailRoute } from '../enquiries/mail-settings.ts';
import { readBuildConfig, type BuildConfig } from './lib/shared/build-config.ts';
import type { LaunchSettings } from './lib/shared/launch-readiness.ts';
import { parsed, type Env, type Parsed } from './lib/shared/env.ts';
import { siteSettings } from './site.config.ts';

export interface GatheredSettings extends LaunchSettings {
  build: Parsed<BuildConfig>;
}

/** `here`: the settings of where the site runs are here (on Netlify they always are). */
export function launchSettings(env: Env, { here = false }: { here?: boolean } = {}): GatheredSettings {
  const build = parsed(() => readBuildConfig(env));
  const runsHere = here || (build.ok && build.value.onNetlify);
  return {
    site: parsed(() => siteSettings(env)),
    build,
    ...(runsHere ? { mail: mailRoute(env), alerts: alertSettings(env) } : {}),
  };
}
