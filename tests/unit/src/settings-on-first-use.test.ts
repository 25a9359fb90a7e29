/**
 * Settings are read when asked: importing a settings module reads nothing, so an entry point may
 * fill the environment in from `.env` after its imports; the first read parses it, once, and a
 * malformed value then stops it naming the variable.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';

afterEach(() => {
  vi.unstubAllEnvs();
  vi.resetModules();
});

describe('the settings modules', () => {
  it('read the environment on first use, not at import', async () => {
    vi.stubEnv('SITE_URL', 'not an address');
    vi.stubEnv('PUBLIC_GA_ID', 'UA-1');
    vi.resetModules();
    const { site } = await import('#src/site.config.ts');
    const { buildConfig } = await import('#src/lib/shared/build-config.ts');
    // As an entry point does after its imports: the environment filled in from .env.
    vi.stubEnv('SITE_URL', 'https://www.northfield.co.uk/');
    vi.stubEnv('PUBLIC_GA_ID', 'G-AB12CD34EF');
    expect(site.url).toBe('https://www.northfield.co.uk');
    expect(buildConfig.analytics).toEqual({ ga: 'G-AB12CD34EF' });
    // Parsed once: a later change is not seen.
    vi.stubEnv('SITE_URL', 'https://elsewhere.example');
    expect({ ...site }.url).toBe('https://www.northfield.co.uk');
  });

  it('stop on the first read of a malformed value, naming the variable', async () => {
    vi.stubEnv('PUBLIC_CONTACT_EMAIL', 'hello at agency');
    vi.resetModules();
    const { site } = await import('#src/site.config.ts');
    expect(() => site.email).toThrow(/PUBLIC_CONTACT_EMAIL must be an email address/);
  });
});
