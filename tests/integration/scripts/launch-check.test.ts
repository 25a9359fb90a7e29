/**
 * `npm run launch-check` as an agency runs it: in a project folder (here a temporary one holding
 * the company entry), reading the environment and .env, exiting 1 with a list or 0 with an all-clear.
 */
import { spawnSync } from 'node:child_process';
import { rmSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import {
  exampleCompanyYaml,
  liveEnv,
  projectWithCompany,
  realCompanyYaml,
  unsetEnv,
  expectFreshCheckoutNamed,
} from '#support/company.ts';

const script = resolve(import.meta.dirname, '../../../scripts/launch-check.ts');
const folders: string[] = [];

/** A folder with a company entry (a fresh checkout's by default) and optionally a .env file. */
function project(company = exampleCompanyYaml, dotEnv?: string) {
  const dir = projectWithCompany(company);
  folders.push(dir);
  if (dotEnv) writeFileSync(join(dir, '.env'), dotEnv);
  return dir;
}

/** Runs the script with the launch settings blank but for `env`; `fromDotEnv` are left out entirely. */
function launchCheck(
  cwd: string,
  env: Record<string, string>,
  args: string[] = [],
  fromDotEnv: string[] = [],
) {
  const merged: Record<string, string | undefined> = { ...process.env, ...unsetEnv, ...env };
  for (const name of fromDotEnv) delete merged[name];
  const result = spawnSync(process.execPath, [script, ...args], { cwd, encoding: 'utf8', env: merged });
  return { status: result.status, output: `${result.stdout}\n${result.stderr}` };
}

afterAll(() => {
  for (const dir of folders) rmSync(dir, { recursive: true, force: true });
});

describe('npm run launch-check', () => {
  it('fails on a fresh checkout, naming each placeholder and where to fix it', () => {
    const { status, output } = launchCheck(project(), {});
    expect(status).toBe(1);
    expectFreshCheckoutNamed(output, expect);
    expect(output).toContain('→ edit src/content/company.yaml');
  });

  it('passes with everything set, from the environment and .env, mail included with --here', () => {
    const { SMTP_HOST, MAIL_FROM, MAIL_TO, ...site } = liveEnv;
    const dotEnv = `SMTP_HOST=${SMTP_HOST}\nMAIL_FROM=${MAIL_FROM}\nMAIL_TO=${MAIL_TO}\n`;
    // .env fills in only what the environment leaves unset, so the mail settings are left out of it.
    const { status, output } = launchCheck(
      project(realCompanyYaml, dotEnv),
      site,
      ['--here'],
      ['SMTP_HOST', 'MAIL_FROM', 'MAIL_TO'],
    );
    expect(output).toMatch(/all clear/);
    expect(status).toBe(0);
  });

  it('names CMS_REPO while the live editor would have no repository, as a warning only', () => {
    // A folder outside any Git checkout: no remote, as on a copy whose origin is not on GitHub.
    const dir = project(realCompanyYaml);
    const unknown = launchCheck(dir, { ...liveEnv, CMS_REPO: '' }, ['--here']);
    expect(unknown.output).toMatch(/Warning: .*set CMS_REPO/);
    expect(unknown.output).toMatch(/all clear/);
    expect(unknown.status).toBe(0);
    const known = launchCheck(dir, { ...liveEnv, CMS_REPO: 'agency/site' }, ['--here']);
    expect(known.output).not.toContain('CMS_REPO');
  });

  it('checks the mail settings with --here, and says when it did not', () => {
    const { SMTP_HOST: _, ...noMail } = liveEnv;
    const dir = project(realCompanyYaml);
    const without = launchCheck(dir, noMail);
    expect(without.status).toBe(0);
    expect(without.output).toContain('--here');
    const here = launchCheck(dir, noMail, ['--here']);
    expect(here.status).toBe(1);
    expect(here.output).toContain('SMTP_HOST');
  });

  it('warns, and still passes, where the site runs with no alert channel set', () => {
    const dir = project(realCompanyYaml);
    const without = launchCheck(dir, liveEnv, ['--here']);
    expect(without.status).toBe(0);
    expect(without.output).toMatch(/all clear/);
    expect(without.output).toContain('ALERT_WEBHOOK_URL is not set');
    const withAlerts = launchCheck(
      dir,
      { ...liveEnv, ALERT_WEBHOOK_URL: 'https://ntfy.sh/agency-enquiries' },
      ['--here'],
    );
    expect(withAlerts.status).toBe(0);
    expect(withAlerts.output).not.toContain('ALERT_WEBHOOK_URL');
    const malformed = launchCheck(dir, { ...liveEnv, ALERT_AFTER_MINUTES: 'soon' }, ['--here']);
    expect(malformed.status).toBe(0);
    expect(malformed.output).toContain('ALERT_AFTER_MINUTES must be a number of minutes');
  });

  it('names a malformed analytics ID', () => {
    const { status, output } = launchCheck(project(realCompanyYaml), {
      ...liveEnv,
      PUBLIC_GA_ID: 'UA-1234-1',
    });
    expect(status).toBe(1);
    expect(output).toContain('PUBLIC_GA_ID must look like G-');
  });
});
