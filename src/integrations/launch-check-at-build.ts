/**
 * The launch check as the build runs it (src/lib/build-time/legal/launch-readiness.ts), as the build
 * starts: a Netlify production deploy stops, naming every placeholder or missing setting, so an
 * example company or address never goes live; every other build, `npm run dev` and the test builds
 * print the same list once as a warning, so the site stays easy to try.
 */
import type { AstroIntegration } from 'astro';
import type { Env } from '../lib/shared/env.ts';
import { launchItems, launchVerdict, readCompanyText } from '../lib/build-time/legal/launch-readiness.ts';

export interface LaunchCheckAtBuildOptions {
  env: Env;
  /** The project folder holding src/content/company.yaml. */
  root: string;
  checkMail: boolean;
  refuse: boolean;
}

export function launchCheckAtBuild(options: LaunchCheckAtBuildOptions): AstroIntegration {
  return {
    name: 'launch-check-at-build',
    hooks: {
      'astro:config:setup': ({ logger }) => {
        const items = launchItems({
          env: options.env,
          companyText: readCompanyText(options.root),
          checkMail: options.checkMail,
        });
        const verdict = launchVerdict(items, options.refuse);
        if (verdict.kind === 'refuse') throw new Error(verdict.message);
        if (verdict.kind === 'warn') logger.warn(verdict.message);
      },
    },
  };
}
