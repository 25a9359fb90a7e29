/** Where the repository lives, every push and pull request runs the same `npm test` as here. */
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';

const read = (path: string) => parse(readFileSync(resolve(import.meta.dirname, '../..', path), 'utf8'));

describe('the GitHub workflow and Dependabot', () => {
  const workflow = read('.github/workflows/ci.yml') as {
    on: Record<string, unknown>;
    jobs: Record<string, { steps: { uses?: string; run?: string; with?: Record<string, string> }[] }>;
  };
  const steps = Object.values(workflow.jobs).flatMap((job) => job.steps);

  it('runs on push and pull_request: npm ci with npm’s cache, npm run check, then npm test', () => {
    expect(Object.keys(workflow.on)).toEqual(expect.arrayContaining(['push', 'pull_request']));
    const setupNode = steps.find((step) => step.uses?.startsWith('actions/setup-node@'));
    expect(setupNode?.with).toMatchObject({ 'node-version-file': '.nvmrc', cache: 'npm' });
    const runs = steps.map((step) => step.run ?? '');
    const install = runs.findIndex((run) => run.startsWith('npm ci'));
    const chromium = runs.findIndex((run) => run.includes('CHROME_PATH'));
    const test = runs.indexOf('npm test');
    expect(install).toBeGreaterThanOrEqual(0);
    expect(chromium).toBeGreaterThan(install);
    expect(test).toBeGreaterThan(chromium);
    expect(runs.indexOf('npm run check')).toBeGreaterThan(install);
    expect(runs, 'npm ci never runs npm install’s resolver').toContain('npm run test:lockfile');
  });

  it('provides Java 17 for the Nu Html Checker before npm ci', () => {
    const java = steps.findIndex((step) => step.uses?.startsWith('actions/setup-java@'));
    const install = steps.findIndex((step) => step.run?.startsWith('npm ci'));
    expect(java).toBeGreaterThanOrEqual(0);
    expect(java).toBeLessThan(install);
    expect(Number(steps[java]?.with?.['java-version'])).toBeGreaterThanOrEqual(17);
  });

  it('has Dependabot update npm and the actions', () => {
    const dependabot = read('.github/dependabot.yml') as { updates: { 'package-ecosystem': string }[] };
    expect(dependabot.updates.map((update) => update['package-ecosystem']).sort()).toEqual([
      'github-actions',
      'npm',
    ]);
  });
});
