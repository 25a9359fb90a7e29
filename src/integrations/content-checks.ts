/**
 * Runs the content checks (src/lib/build-time/content-checks/) on every file of src/content/.
 * `astro build` checks links against the pages and files it has just written and stops, naming
 * each file, line and fix, so a broken link never goes live. `npm run dev` prints the same lines
 * as errors at start and after each save; it knows the kinds of page (`/services/…`) rather than
 * each one, so a mistyped service or post address is only caught by the build.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { dirname, join, relative, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { AstroIntegration, AstroIntegrationLogger, IntegrationResolvedRoute } from 'astro';
import { imageMetadata } from 'astro/assets/utils';
import { publishingNow } from '../lib/shared/build-config.ts';
import {
  contentProblems,
  formatContentProblems,
  type ContentFile,
  type SiteAddresses,
} from '../lib/build-time/content-checks/content-checks.ts';
import {
  formatNarrowPictures,
  isArticleFile,
  narrowPicture,
  picturesBesideFile,
} from '../lib/build-time/content-checks/picture-widths.ts';
import { routePath } from '../lib/shared/routes.ts';

interface ContentChecksOptions {
  /** The site's own origin: full links to it are checked as internal ones. */
  origin: string;
  /** Old address → new address (src/lib/shared/redirects.ts). */
  redirects: Readonly<Record<string, string>>;
}

const contentFolder = 'src/content';

/** Every file under `dir`, as paths from `dir` with `/` between folders. */
function filesUnder(dir: string): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => relative(dir, join(entry.parentPath, entry.name)).split(sep).join('/'));
}

function readContent(root: string): ContentFile[] {
  return filesUnder(join(root, contentFolder))
    .filter((file) => /\.(md|ya?ml)$/.test(file))
    .sort()
    .map((file) => ({
      path: `${contentFolder}/${file}`,
      text: readFileSync(join(root, contentFolder, file), 'utf8'),
    }));
}

/** The addresses of a built site: its pages (`about.html` → /about) and every other file it holds. */
function builtAddresses(dist: string, options: ContentChecksOptions): SiteAddresses {
  const files = filesUnder(dist);
  const html = files.filter((file) => file.endsWith('.html')).map((file) => routePath(`/${file}`));
  const all = new Set([...html, ...files.map((file) => `/${file}`)]);
  // Old addresses may have a page of their own that redirects: never suggest one.
  const pages = html.filter((page) => !Object.hasOwn(options.redirects, page));
  return { ...options, pages, exists: (path) => all.has(path) };
}

/** The addresses the preview can tell: its files in public/ and the patterns of its pages. */
function previewAddresses(
  root: string,
  routes: readonly IntegrationResolvedRoute[],
  options: ContentChecksOptions,
): SiteAddresses {
  const files = new Set(filesUnder(join(root, 'public')).map((file) => `/${file}`));
  const project = routes.filter((route) => route.origin === 'project');
  const pages = project.flatMap((route) => (route.pathname ? [route.pathname] : []));
  return {
    ...options,
    pages,
    exists: (path) => files.has(path) || project.some((route) => route.patternRegex.test(path)),
  };
}

/** The posts' and case studies' photos narrower than the column they fill. */
async function narrowPictures(root: string, files: readonly ContentFile[]) {
  const uses = files
    .filter(({ path }) => isArticleFile(path))
    .flatMap(({ path, text }) => picturesBesideFile(path, text));
  const found = await Promise.all(
    uses.map(async (use) => {
      // A missing file has already stopped the build, with Astro's own message.
      const file = await readFile(join(root, dirname(use.file), use.src)).catch(() => undefined);
      return file && narrowPicture(use, (await imageMetadata(file, use.src)).width);
    }),
  );
  return found.filter((problem) => problem !== undefined);
}

export function contentChecks(options: ContentChecksOptions): AstroIntegration {
  let root = process.cwd();
  let routes: readonly IntegrationResolvedRoute[] = [];
  let reported = false;
  const report = (logger: AstroIntegrationLogger) => {
    const site = previewAddresses(root, routes, options);
    const problems = contentProblems(readContent(root), site, { today: new Date(), unpublished: true });
    if (problems.length > 0) logger.error(formatContentProblems(problems));
    else if (reported) logger.info('the mistakes in src/content/ are fixed');
    reported = problems.length > 0;
  };
  return {
    name: 'content-checks',
    hooks: {
      'astro:config:setup': ({ config }) => {
        root = fileURLToPath(config.root);
      },
      'astro:routes:resolved': ({ routes: resolved }) => {
        routes = resolved;
      },
      'astro:server:setup': ({ server, logger }) => {
        const folder = join(root, contentFolder) + sep;
        const recheck = (file: string) => {
          if (file.startsWith(folder)) report(logger);
        };
        server.watcher.on('add', recheck).on('change', recheck).on('unlink', recheck);
        report(logger);
      },
      'astro:build:done': async ({ dir, logger }) => {
        const site = builtAddresses(fileURLToPath(dir), options);
        const files = readContent(root);
        const problems = contentProblems(files, site, { today: publishingNow(), unpublished: false });
        if (problems.length > 0) throw new Error(formatContentProblems(problems));
        const narrow = await narrowPictures(root, files);
        if (narrow.length > 0) logger.warn(formatNarrowPictures(narrow));
        logger.info('links, pictures, headings and dates in src/content/ checked');
      },
    },
  };
}
