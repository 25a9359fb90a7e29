/**
 * The editor's repository comes from CMS_REPO or the Git remote, and the copy of its script the
 * site serves calls no third party for fonts, translations, updates or GitHub's status.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { cmsAdmin, cmsBackend, githubRepo } from '@/lib/cms-admin';
import { fonts, githubStatus, ownOriginScript, packageBase } from '@/lib/cms-assets';

describe('the editor’s repository and branch', () => {
  it('reads owner/name from GitHub remotes only', () => {
    expect(githubRepo('https://github.com/agency/site.git')).toBe('agency/site');
    expect(githubRepo('git@github.com:agency/site.git')).toBe('agency/site');
    expect(githubRepo('https://github.com/agency/site')).toBe('agency/site');
    expect(githubRepo('/work/main')).toBeUndefined();
    expect(githubRepo('https://gitlab.com/agency/site.git')).toBeUndefined();
  });

  it('prefers CMS_REPO and CMS_BRANCH, then the remote and the checked-out branch', () => {
    const git = { remote: 'git@github.com:agency/site.git', branch: 'main' };
    expect(cmsBackend({}, git)).toEqual({ repo: 'agency/site', branch: 'main' });
    expect(cmsBackend({ CMS_REPO: 'other/repo', CMS_BRANCH: 'content' }, git)).toEqual({
      repo: 'other/repo',
      branch: 'content',
    });
    // A detached checkout, as on CI: the editor uses the repository's default branch.
    expect(cmsBackend({}, { ...git, branch: 'HEAD' })).toEqual({ repo: 'agency/site', branch: undefined });
    expect(cmsBackend({}, {}).repo).toBe('');
  });
});

describe('the editor’s script as the site serves it', () => {
  const require = createRequire(import.meta.url);
  const original = readFileSync(
    join(dirname(require.resolve('@sveltia/cms')), '..', cmsAdmin.packageScript),
    'utf8',
  );
  const served = ownOriginScript(original);

  it('asks the site itself for fonts, translations, updates and GitHub’s status', () => {
    for (const font of fonts) {
      expect(original).toContain(font.cdn);
      expect(served).not.toContain(font.cdn);
    }
    expect(served).not.toContain(`\`${packageBase.unpkg}\``);
    expect(served).toContain(`\`${packageBase.own}\``);
    expect(served).not.toContain(githubStatus.url);
    expect(served).not.toMatch(/cdn\.jsdelivr\.net/);
  });

  it('fails loudly when a new version moves an address', () => {
    expect(() => ownOriginScript(original.replaceAll(fonts[0]!.cdn, 'elsewhere'))).toThrow(
      /no longer contains/,
    );
  });
});
