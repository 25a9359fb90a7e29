import { rmSync } from 'node:fs';
import type { AstroIntegrationLogger } from 'astro';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { launchCheckAtBuild, type LaunchCheckAtBuildOptions } from '@/integrations/launch-check-at-build';
import {
  exampleCompanyYaml,
  liveEnv,
  realCompanyYaml,
  projectWithCompany,
  expectFreshCheckoutNamed,
} from '#support/company.ts';

/** Runs the integration's hook as a build would, with a logger that records its warnings. */
function runHook(options: Partial<LaunchCheckAtBuildOptions>) {
  const warn = vi.fn();
  const fresh = { env: {}, root: projectWith(exampleCompanyYaml), refuse: false };
  const hook = launchCheckAtBuild({ ...fresh, ...options }).hooks[
    'astro:config:setup'
  ] as unknown as (params: { logger: Partial<AstroIntegrationLogger> }) => void;
  const run = () => hook({ logger: { warn } });
  return { run, warn };
}

const folders: string[] = [];
afterAll(() => {
  for (const dir of folders) rmSync(dir, { recursive: true, force: true });
});

function projectWith(companyYaml: string) {
  folders.push(projectWithCompany(companyYaml));
  return folders.at(-1)!;
}

describe('the build’s launch check', () => {
  it('warns once, naming each placeholder, on every build but a production deploy', () => {
    const { run, warn } = runHook({});
    expect(run).not.toThrow();
    expect(warn).toHaveBeenCalledOnce();
    const message = String(warn.mock.calls[0]?.[0]);
    expectFreshCheckoutNamed(message, expect);
  });

  it('refuses a production deploy, naming each placeholder', () => {
    // Built by Netlify: the deployed site's mail settings are checked too.
    const { run, warn } = runHook({ env: { NETLIFY: 'true' }, refuse: true });
    expect(run).toThrow(
      /refused[\s\S]*SITE_URL[\s\S]*PUBLIC_BOOKING_URL[\s\S]*PUBLIC_CONTACT_EMAIL[\s\S]*company\.yaml[\s\S]*SMTP_HOST/,
    );
    expect(warn).not.toHaveBeenCalled();
  });

  it('lets a complete production deploy through in silence', () => {
    const { run, warn } = runHook({
      env: { ...liveEnv, NETLIFY: 'true' },
      root: projectWith(realCompanyYaml),
      refuse: true,
    });
    expect(run).not.toThrow();
    expect(warn).not.toHaveBeenCalled();
  });
});
