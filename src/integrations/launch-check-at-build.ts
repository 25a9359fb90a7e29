/**
 * The launch check as the build runs it (src/lib/shared/launch-readiness.ts), as the build
 * starts: a Netlify production deploy stops, naming every placeholder or missing setting, so an
 * example company or address never goes live; every other build, `npm run dev` and the test builds
 * print the same list once as a warning, so the site stays easy to try.
 */
import type { AstroIntegration } from 'astro';
import type { Env } from '../lib/shared/env.ts';
import { launchItems, launchVerdict, readCompanyText } from '../lib/shared/launch-readiness.ts';
import { launchSettings } from '../launch-settings.ts';

export interface LaunchCheckAtBuildOptions {
  env: Env;
  /** The project folder holding src/content/company.yaml. */
  root: string;
  refuse: boolean;
}

export function launchCheckAtBuild(options: LaunchCheckAtBuildOptions): AstroIntegration {
  return {
    name: 'launch-check-at-build',
    hooks: {
      'astro:config:setup': ({ logger }) => {
        // On Netlify the mail settings are the deployed site's, so they are checked too.
        const settings = launchSettings(options.env);
        const items = launchItems({ settings, companyText: readCompanyText(options.root) });
        const verdict = launchVerdict(items, options.refuse);
        if (verdict.kind === 'refuse') throw new Error(verdict.message);
        if (verdict.kind === 'warn') logger.warn(verdict.message);
      },
    },
  };
}
