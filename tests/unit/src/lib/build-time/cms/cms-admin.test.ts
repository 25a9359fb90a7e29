/**
 * The editor's repository comes from CMS_REPO or the Git remote, and the copy of its script the
 * site serves calls no third party for fonts, translations, updates or GitHub's status.
 */
import { readFileSync, readdirSync } from 'node:fs';
import { copyFile, mkdir, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { pathToFileURL } from 'node:url';
import { createRequire } from 'node:module';
import { basename, dirname, join, relative, resolve } from 'node:path';
import { parse } from 'yaml';
import { describe, expect, it } from 'vitest';
import { cmsAdmin, cmsBackend, editorBackend } from '@/lib/build-time/cms/cms-admin';

const repoFrom = (remote: string) => cmsBackend({}, { remote }).repo;
import { fontPath, fonts, ownOriginScript } from '@/lib/build-time/cms/cms-assets';
import { cmsAdminFiles } from '@/integrations/cms-admin';

describe('the editor’s repository and branch', () => {
  it('reads owner/name from GitHub remotes only', () => {
    expect(repoFrom('https://github.com/agency/site.git')).toBe('agency/site');
    expect(repoFrom('git@github.com:agency/site.git')).toBe('agency/site');
    expect(repoFrom('https://github.com/agency/site')).toBe('agency/site');
    expect(repoFrom('/work/main')).toBe('');
    expect(repoFrom('https://gitlab.com/agency/site.git')).toBe('');
  });

  it('prefers CMS_REPO and CMS_BRANCH, then the remote and the checked-out branch', () => {
    const git = { remote: 'git@github.com:agency/site.git', branch: 'main' };
    expect(cmsBackend({}, git)).toEqual({ repo: 'agency/site', branch: 'main' });
    expect(cmsBackend({ repo: 'other/repo', branch: 'content' }, git)).toEqual({
      repo: 'other/repo',
      branch: 'content',
    });
    // A detached checkout, as on CI: the editor uses the repository's default branch.
    expect(cmsBackend({}, { ...git, branch: 'HEAD' })).toEqual({ repo: 'agency/site', branch: undefined });
    expect(cmsBackend({}, {}).repo).toBe('');
  });

  it('stand in an owner/name the editor accepts when none is known, and say so', () => {
    const git = { remote: 'git@github.com:agency/site.git', branch: 'main' };
    expect(editorBackend({}, git, 'site')).toEqual({ repo: 'agency/site', branch: 'main', known: true });
    for (const folder of ['wt-site', 'My site: copy', '', 'site.v2']) {
      const backend = editorBackend({}, { remote: '/work/main' }, folder);
      expect(backend.known, folder).toBe(false);
      expect(backend.repo, folder).toMatch(/^[\w.-]+\/[\w.-]+$/);
    }
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
    // The third parties the editor's script asks by default: its package's CDN and GitHub's status.
    for (const thirdParty of [
      '`https://unpkg.com/@sveltia/cms`',
      'https://www.githubstatus.com/api/v2/status.json',
    ]) {
      expect(original).toContain(thirdParty);
      expect(served).not.toContain(thirdParty);
    }
    expect(served).toContain(`\`${cmsAdmin.page}/cms\``);
    expect(served).not.toMatch(/cdn\.jsdelivr\.net/);
  });

  it('fails loudly when a new version moves an address', () => {
    expect(() => ownOriginScript(original.replaceAll(fonts[0]!.cdn, 'elsewhere'))).toThrow(
      /no longer contains/,
    );
  });
});

type Settings = Parameters<typeof cmsAdminFiles>[0];
type Hook = (options: unknown) => Promise<void> | void;
const hook = (settings: Settings, name: string) =>
  (cmsAdminFiles(settings).hooks as Record<string, Hook>)[name]!;

/** The files the integration's build step writes next to the generated configuration, by path. */
async function built(settings: Settings): Promise<Map<string, string>> {
  const out = await mkdtemp(join(tmpdir(), 'cms-admin-'));
  try {
    await mkdir(join(out, dirname(cmsAdmin.config)), { recursive: true });
    await copyFile(resolve('public/admin/config.yml'), join(out, cmsAdmin.config));
    const logger = { info: () => {}, warn: () => {} };
    await hook(settings, 'astro:build:done')({ dir: pathToFileURL(`${out}/`), logger });
    const files = readdirSync(out, { recursive: true, withFileTypes: true }).filter((entry) =>
      entry.isFile(),
    );
    return new Map(
      files.map((entry) => {
        const file = join(entry.parentPath, entry.name);
        return [`/${relative(out, file)}`, readFileSync(file, 'utf8')];
      }),
    );
  } finally {
    await rm(out, { recursive: true, force: true });
  }
}

/** What `npm run dev` answers at `path`, through the integration's middleware. */
async function served(settings: Settings, path: string): Promise<string> {
  const integration = cmsAdminFiles(settings);
  const hooks = integration.hooks as Record<string, Hook>;
  await hooks['astro:config:done']!({ config: { publicDir: pathToFileURL(`${resolve('public')}/`) } });
  let middleware: (req: unknown, res: unknown, next: (error?: unknown) => void) => void = () => {};
  await hooks['astro:server:setup']!({
    server: { middlewares: { use: (m: typeof middleware) => (middleware = m) } },
  });
  return new Promise((done, fail) =>
    middleware({ url: path }, { setHeader: () => {}, end: (body: unknown) => done(String(body)) }, (error) =>
      fail(error ?? new Error(`nothing served at ${path}`)),
    ),
  );
}

describe('the files the build writes and npm run dev serves', () => {
  it('include the script, its chunks, fonts, translations and the pinned version', async () => {
    const files = await built({ repo: 'agency/site', branch: 'content' });
    const paths = [...files.keys()];
    expect(paths).toContain(cmsAdmin.script);
    const chunks = paths.filter((path) => path.startsWith('/admin/chunks/'));
    expect(chunks.length).toBeGreaterThan(0);
    expect(chunks.filter((path) => !path.endsWith('.js'))).toEqual([]);
    for (const font of fonts) expect(paths).toContain(fontPath(font));
    const { version } = JSON.parse(files.get('/admin/cms/package.json')!) as { version: string };
    expect(paths).toContain(`/admin/cms@${version}/locales/en-GB.json`);
    expect(files.get(cmsAdmin.script)).not.toContain('cdn.jsdelivr.net');
    expect(await served({}, cmsAdmin.script)).toBe(files.get(cmsAdmin.script));
  });

  it('publish the configuration with a repository, a stand-in one for local editing', async () => {
    const settings = { repo: 'agency/site', branch: 'content' };
    const published = parse((await built(settings)).get(cmsAdmin.config)!) as {
      backend: Record<string, string>;
      collections: unknown[];
    };
    expect(published.backend).toEqual({ name: 'github', repo: 'agency/site', branch: 'content' });
    expect(published.collections.length).toBeGreaterThan(2);
    // Whatever Git says here: a repository named, or the stand-in when the remote is elsewhere.
    const unset = parse((await built({})).get(cmsAdmin.config)!) as { backend: Record<string, string> };
    expect(unset.backend['repo']).toMatch(/^[\w.-]+\/[\w.-]+$/);
    const local = parse(await served({}, cmsAdmin.config)) as { backend: Record<string, string> };
    const localName = `local/${basename(process.cwd())}`.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    expect(local.backend['repo']).toMatch(new RegExp(`^(${localName}|[\\w.-]+/[\\w.-]+)$`));
  });
});
