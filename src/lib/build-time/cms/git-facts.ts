/**
 * What Git says about the checkout in the working directory: its `origin` remote and branch, for
 * the editor's repository when CMS_REPO and CMS_BRANCH are unset (cms-admin.ts, `cmsBackend`).
 */
import { execFileSync } from 'node:child_process';
import type { GitFacts } from './cms-admin.ts';

const git = (...args: string[]) => {
  try {
    return execFileSync('git', args, { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim();
  } catch {
    return undefined;
  }
};

/** The checkout's remote and branch; each undefined outside a Git checkout or without one. */
export function gitFacts(): GitFacts {
  return {
    remote: git('config', '--get', 'remote.origin.url'),
    branch: git('rev-parse', '--abbrev-ref', 'HEAD'),
  };
}
