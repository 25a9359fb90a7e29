/**
 * Serves the content editor from the site's own origin: the Sveltia CMS script (its third-party
 * addresses pointed at this site), its fonts and translations from node_modules, and the generated
 * configuration with this site's repository and branch. The build writes these files; `npm run dev`
 * serves the same files, for editing a local checkout.
 */
import { mkdir, readFile, readdir, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { basename, dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { AstroIntegration } from 'astro';
import { parse, stringify } from 'yaml';
import type { BuildConfig } from '../lib/shared/build-config.ts';
import { cmsAdmin, editorBackend, missingRepoWarning } from '../lib/build-time/cms/cms-admin.ts';
import { gitFacts } from '../lib/build-time/cms/git-facts.ts';
import { fontPath, fonts, ownOriginScript, packagePaths } from '../lib/build-time/cms/cms-assets.ts';
import { withBackend, type CmsConfig } from '../lib/build-time/cms/cms-config.ts';
import { contentTypeFor } from '../lib/shared/content-types.ts';

const resolve = createRequire(import.meta.url).resolve;
const editorRoot = join(dirname(resolve('@sveltia/cms')), '..');

type CmsSettings = BuildConfig['cms'];

/**
 * The generated configuration (public/admin/config.yml) with the repository and branch added, a
 * stand-in repository when none is known (`editorBackend`), so local editing always opens.
 */
async function publishedConfig(generated: string, settings: CmsSettings) {
  const backend = editorBackend(settings, gitFacts(), basename(process.cwd()));
  const config = withBackend(parse(await readFile(generated, 'utf8')) as CmsConfig, backend);
  return { text: stringify(config, { lineWidth: 0, aliasDuplicateObjects: false }), backend };
}

type Files = Map<string, () => Promise<string | Buffer>>;

/** Every file of the editor, by the path the site serves it at. */
async function editorFiles(): Promise<Files> {
  const files: Files = new Map();
  const { version } = JSON.parse(await readFile(join(editorRoot, 'package.json'), 'utf8')) as {
    version: string;
  };
  const script = join(editorRoot, cmsAdmin.packageScript);
  files.set(cmsAdmin.script, async () => ownOriginScript(await readFile(script, 'utf8')));
  // Chunks load relative to the script (chunks/react-dom.js) when a feature needs them.
  const chunks = (await readdir(join(dirname(script), 'chunks'))).filter((name) => name.endsWith('.js'));
  for (const name of chunks)
    files.set(`${dirname(cmsAdmin.script)}/chunks/${name}`, () =>
      readFile(join(dirname(script), 'chunks', name)),
    );
  for (const font of fonts)
    files.set(fontPath(font), () => readFile(resolve(`${font.packageName}/${font.file}`)));
  const paths = packagePaths(version);
  // The update check finds the pinned version, so it never offers an upgrade npm would not install.
  files.set(paths.manifest, async () => JSON.stringify({ version }));
  for (const name of await readdir(join(editorRoot, 'locales')))
    files.set(`${paths.locales}/${name}`, () => readFile(join(editorRoot, 'locales', name)));
  return files;
}

export function cmsAdminFiles(settings: CmsSettings): AstroIntegration {
  let publicDir = '';
  return {
    name: 'cms-admin',
    hooks: {
      'astro:config:done': ({ config }) => {
        publicDir = fileURLToPath(config.publicDir);
      },
      'astro:server:setup': async ({ server }) => {
        const files = await editorFiles();
        files.set(
          cmsAdmin.config,
          async () => (await publishedConfig(join(publicDir, cmsAdmin.config), settings)).text,
        );
        server.middlewares.use((req, res, next) => {
          const read = files.get(req.url?.split('?')[0] ?? '');
          if (!read) return next();
          read().then((body) => {
            res.setHeader('Content-Type', contentTypeFor(req.url?.split('?')[0] ?? ''));
            res.end(body);
          }, next);
        });
      },
      'astro:build:done': async ({ dir, logger }) => {
        const out = fileURLToPath(dir);
        const files = await editorFiles();
        for (const [path, read] of files) {
          await mkdir(dirname(join(out, path)), { recursive: true });
          await writeFile(join(out, path), await read());
        }
        const { text, backend } = await publishedConfig(join(out, cmsAdmin.config), settings);
        await writeFile(join(out, cmsAdmin.config), text);
        if (backend.known)
          logger.info(`Editor at ${cmsAdmin.page} (${files.size} files) commits to ${backend.repo}`);
        else logger.warn(missingRepoWarning);
      },
    },
  };
}
