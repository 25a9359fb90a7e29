/**
 * Runs the launch check (src/lib/build-time/legal/launch-check.ts) as the build starts: a Netlify production
 * deploy stops, naming every placeholder or missing setting, so an example company or address never
 * goes live; every other build, `npm run dev` and the test builds print the same list once as a
 * warning, so the site stays easy to try.
 */
import type { AstroIntegration } from 'astro';
import type { Env } from '../lib/shared/env.ts';
import {
  formatLaunchItems,
  launchItems,
  readCompanyText,
  type LaunchItem,
} from '../lib/build-time/legal/launch-check.ts';

export type LaunchVerdict = { kind: 'clear' } | { kind: 'warn' | 'refuse'; message: string };

export function launchVerdict(items: readonly LaunchItem[], refuse: boolean): LaunchVerdict {
  if (items.length === 0) return { kind: 'clear' };
  if (refuse) {
    return {
      kind: 'refuse',
      message: `This production deploy is refused until these are fixed.\n${formatLaunchItems(items)}`,
    };
  }
  return {
    kind: 'warn',
    message: `${formatLaunchItems(items)}\nA Netlify production deploy refuses to build until they are fixed.`,
  };
}

export interface LaunchCheckOptions {
  env: Env;
  /** The project folder holding src/content/company.yaml. */
  root: string;
  checkMail: boolean;
  refuse: boolean;
}

export function launchCheck(options: LaunchCheckOptions): AstroIntegration {
  return {
    name: 'launch-check',
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
