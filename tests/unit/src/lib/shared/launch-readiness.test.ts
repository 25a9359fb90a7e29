import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { launchItems, launchVerdict, readCompanyText } from '@/lib/shared/launch-readiness';
import { launchSettings } from '@/launch-settings';
import {
  companyFile,
  exampleCompanyYaml,
  liveEnv,
  realCompanyYaml,
  expectFreshCheckoutNamed,
} from '#support/company.ts';
const problems = (
  env: Record<string, string>,
  companyText: string | undefined = realCompanyYaml,
  checkMail = false,
) =>
  launchItems({ settings: launchSettings(env, { here: checkMail }), companyText }).map(
    (item) => item.problem,
  );

describe('the launch check', () => {
  it('on a fresh checkout names the site address, booking page, contact address and company details', () => {
    const items = launchItems({ settings: launchSettings({}), companyText: exampleCompanyYaml });
    const text = items.map((item) => item.problem).join('\n');
    expectFreshCheckoutNamed(text, expect);
    for (const item of items) expect(item.fix).toMatch(/Netlify|\.env|src\/content\/company\.yaml/);
  });

  it('finds nothing once everything is set', () => {
    expect(problems(liveEnv, realCompanyYaml, true)).toEqual([]);
  });

  it('accepts Netlify’s own address in place of SITE_URL', () => {
    const { SITE_URL: _, ...rest } = liveEnv;
    expect(problems({ ...rest, URL: 'https://northfield.netlify.app' })).toEqual([]);
    expect(problems({ ...rest, URL: 'https://www.agency.example' })).toEqual([
      expect.stringMatching(/^SITE_URL \(or Netlify's URL\) is still the example host/),
    ]);
  });

  it('names malformed analytics IDs and site settings', () => {
    expect(problems({ ...liveEnv, PUBLIC_GA_ID: 'UA-1234-1' })).toEqual([
      expect.stringMatching(/^PUBLIC_GA_ID must look like G-/),
    ]);
    expect(problems({ ...liveEnv, PUBLIC_CLARITY_ID: 'NOT VALID' })).toEqual([
      expect.stringMatching(/^PUBLIC_CLARITY_ID/),
    ]);
    expect(problems({ ...liveEnv, PUBLIC_CONTACT_EMAIL: 'nobody' })).toEqual([
      expect.stringMatching(/^PUBLIC_CONTACT_EMAIL must be/),
    ]);
  });

  it('checks the mail settings only where the site runs', () => {
    const { SMTP_HOST: _, ...noMail } = liveEnv;
    expect(problems(noMail, realCompanyYaml, false)).toEqual([]);
    expect(problems(noMail, realCompanyYaml, true)).toEqual([expect.stringMatching(/SMTP_HOST is not set/)]);
    expect(problems({ ...liveEnv, MAIL_TO: 'inbox@agency.example' }, realCompanyYaml, true)).toEqual([
      expect.stringMatching(/MAIL_FROM or MAIL_TO is still an example address/),
    ]);
  });

  it('names a missing, unreadable or invalid company entry with its field', () => {
    expect(launchItems({ settings: launchSettings(liveEnv), companyText: undefined })).toEqual([
      expect.objectContaining({ problem: 'src/content/company.yaml is missing' }),
    ]);
    expect(problems(liveEnv, 'legalForm: [')).toEqual([expect.stringMatching(/is not valid YAML/)]);
    expect(problems(liveEnv, realCompanyYaml.replace('LS1 4AB', 'LS1'))).toEqual([
      expect.stringMatching(/^src\/content\/company\.yaml: registeredOffice\.postcode must be a UK postcode/),
    ]);
  });

  it('reads the project’s company entry', () => {
    expect(readCompanyText('.')).toBe(readFileSync(companyFile, 'utf8'));
    expect(readCompanyText('/nonexistent')).toBeUndefined();
  });

  it('knows the reserved example hosts', () => {
    const booking = (host: string) => problems({ ...liveEnv, PUBLIC_BOOKING_URL: `https://${host}/intro` });
    for (const host of ['www.agency.example', 'booking.example', 'example.com', 'site.test', 'localhost']) {
      expect(booking(host), host).toEqual([
        expect.stringMatching(/^PUBLIC_BOOKING_URL is still the example/),
      ]);
    }
    for (const host of ['www.northfield.co.uk', 'examples.co.uk', 'northfield.netlify.app']) {
      expect(booking(host), host).toEqual([]);
    }
  });

  it('gives the verdict a build or a start acts on: nothing when clear, else the list, refused or as a warning', () => {
    const items = launchItems({ settings: launchSettings({}), companyText: realCompanyYaml });
    expect(launchVerdict([], true)).toEqual({ kind: 'clear' });
    const refused = launchVerdict(items, true);
    const warned = launchVerdict(items, false);
    expect(refused.kind).toBe('refuse');
    expect(warned.kind).toBe('warn');
    for (const verdict of [refused, warned]) {
      for (const item of items) expect(verdict.kind !== 'clear' && verdict.message).toContain(item.problem);
    }
  });
});
