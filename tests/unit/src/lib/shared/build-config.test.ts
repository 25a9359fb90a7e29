/** The build's own settings: analytics IDs, the editor's repository and branch, the build folder. */
import { describe, expect, it } from 'vitest';
import { analyticsConfigured, publishingNow, readBuildConfig } from '@/lib/shared/build-config';
import { isoDay } from '@/lib/shared/dates';

const analyticsIds = (env: Record<string, string>) => readBuildConfig(env).analytics;

describe('analytics IDs from the environment', () => {
  it('are off unless set (blank counts as unset)', () => {
    expect(analyticsIds({})).toEqual({});
    expect(analyticsIds({ PUBLIC_GA_ID: ' ', PUBLIC_CLARITY_ID: '' })).toEqual({});
    expect(analyticsConfigured(analyticsIds({}))).toBe(false);
  });

  it('are read and trimmed, each on its own', () => {
    expect(analyticsIds({ PUBLIC_GA_ID: ' G-TEST123 ' })).toEqual({ ga: 'G-TEST123' });
    expect(analyticsIds({ PUBLIC_CLARITY_ID: 'clartest' })).toEqual({ clarity: 'clartest' });
    expect(analyticsConfigured({ clarity: 'clartest' })).toBe(true);
  });

  it('refuse a malformed ID at build time instead of shipping a tag that reports nowhere', () => {
    expect(() => analyticsIds({ PUBLIC_GA_ID: 'UA-1234-1' })).toThrow(/PUBLIC_GA_ID must look like G-/);
    expect(() => analyticsIds({ PUBLIC_CLARITY_ID: 'abc"><script>' })).toThrow(/PUBLIC_CLARITY_ID/);
  });
});

describe('readBuildConfig', () => {
  it('defaults to no analytics, the editor’s repository from Git, and Astro’s own cache', () => {
    expect(readBuildConfig({})).toEqual({
      analytics: {},
      cms: { repo: undefined, branch: undefined },
      outDir: undefined,
      onNetlify: false,
      refusePlaceholders: false,
    });
  });

  it('refuses placeholders on Netlify’s production deploys only', () => {
    const netlify = (CONTEXT: string) => readBuildConfig({ NETLIFY: 'true', CONTEXT });
    expect(netlify('production')).toMatchObject({ onNetlify: true, refusePlaceholders: true });
    for (const context of ['deploy-preview', 'branch-deploy', 'dev']) {
      expect(netlify(context)).toMatchObject({ onNetlify: true, refusePlaceholders: false });
    }
    expect(readBuildConfig({ CONTEXT: 'production' })).toMatchObject({
      onNetlify: false,
      refusePlaceholders: false,
    });
  });

  it('takes the editor’s repository and branch, and the build folder', () => {
    expect(
      readBuildConfig({ CMS_REPO: ' agency/website ', CMS_BRANCH: 'content/drafts', OUT_DIR: 'dist-e2e' }),
    ).toEqual({
      analytics: {},
      cms: { repo: 'agency/website', branch: 'content/drafts' },
      outDir: 'dist-e2e',
      onNetlify: false,
      refusePlaceholders: false,
    });
  });

  it('stops the build with every malformed value named, and the form it expects', () => {
    expect(() =>
      readBuildConfig({
        PUBLIC_GA_ID: 'UA-1234-1',
        PUBLIC_CLARITY_ID: 'ABC',
        CMS_REPO: 'https://github.com/agency/website',
        CMS_BRANCH: 'my branch',
      }),
    ).toThrow(
      [
        'Invalid build settings (src/lib/shared/build-config.ts):',
        '- PUBLIC_GA_ID must look like G-AB12CD34EF (a GA4 measurement ID), got "UA-1234-1"',
        '- PUBLIC_CLARITY_ID must look like abcd1234ef (a Clarity project ID), got "ABC"',
        '- CMS_REPO must be a GitHub repository as owner/name, like agency/website, got "https://github.com/agency/website"',
        '- CMS_BRANCH must be a Git branch name, like main, got "my branch"',
      ].join('\n'),
    );
  });
});

describe('the day a build publishes for', () => {
  const eve = new Date('2026-12-07T23:59:00Z');

  it('is today, unless npm start’s rebuild names a later day (PUBLISH_DAY)', () => {
    expect(publishingNow(readBuildConfig({}), eve)).toBe(eve);
    expect(isoDay(publishingNow(readBuildConfig({ PUBLISH_DAY: '2026-12-08' }), eve))).toBe('2026-12-08');
    expect(publishingNow(readBuildConfig({ PUBLISH_DAY: '2026-12-01' }), eve)).toBe(eve);
  });

  it('refuses a malformed day', () => {
    expect(() => readBuildConfig({ PUBLISH_DAY: '8/12/2026' })).toThrow(/PUBLISH_DAY must be a day/);
  });
});
