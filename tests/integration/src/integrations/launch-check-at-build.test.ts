/**
 * A real `astro build` in Netlify's production context, with a fresh checkout's placeholders: it
 * must stop, naming each of them, before writing a page. (Every other build only warns:
 * tests/unit/src/integrations/launch-check-at-build.test.ts.)
 */
import { existsSync } from 'node:fs';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { copyProject, type ProjectCopy } from '#support/project-copy.ts';
import { exampleCompanyYaml, unsetEnv, writeCompany } from '#support/company.ts';

let site: ProjectCopy | undefined;

afterAll(() => {
  site?.cleanup();
  vi.unstubAllEnvs();
});

describe('a Netlify production build', () => {
  it('refuses placeholders, naming each one', () => {
    // The copy's build reads the environment as it is when the copy is made.
    for (const [name, value] of Object.entries(unsetEnv)) vi.stubEnv(name, value);
    vi.stubEnv('CONTEXT', 'production');
    vi.stubEnv('NETLIFY', 'true');
    site = copyProject('launch-refused');
    writeCompany(site.dir, exampleCompanyYaml);
    const { status, output } = site.build();
    expect(status).not.toBe(0);
    for (const name of [
      'SITE_URL',
      'PUBLIC_BOOKING_URL',
      'PUBLIC_CONTACT_EMAIL',
      'src/content/company.yaml: legalName',
      'SMTP_HOST',
    ]) {
      expect(output).toContain(name);
    }
    expect(existsSync(site.dist)).toBe(false);
  });
});
