/**
 * Writes the editors' redirects (src/lib/build-time/redirects/) into the build, after checking
 * them: `dist/_redirects` for Netlify, which the local server reads too (real 301s), and a small
 * meta-refresh page at both `/x.html` and `/x/index.html` for static hosts without rules. A
 * mistake stops `astro build` naming the file and line; `npm run dev` prints it as an error.
 */
import { existsSync, readdirSync } from 'node:fs';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { dirname, join, relative, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { AstroIntegration } from 'astro';
import { netlifyRedirects, redirectPage } from '../lib/shared/redirects.ts';
import { routePath } from '../lib/shared/routes.ts';
import { absoluteUrl } from '../lib/build-time/head.ts';
import {
  builtRedirects,
  formatRedirectProblems,
  redirectTable,
  ruleProblems,
} from '../lib/build-time/redirects/redirect-checks.ts';
import type { RedirectProblem, RedirectRule } from '../lib/build-time/redirects/redirect-sources.ts';

interface RedirectsOptions {
  site: { url: string; locale: string };
  /** What the editors wrote (readRedirectSources), read once for the whole build. */
  sources: { rules: readonly RedirectRule[]; problems: readonly RedirectProblem[] };
}

async function writeFileDeep(path: string, contents: string) {
  await mkdir(dirname(path), { recursive: true });
  await writeFile(path, contents);
}

/** The addresses of a built site: its pages (`about.html` → /about) and every file it holds. */
function builtAddresses(dist: string): Set<string> {
  if (!existsSync(dist)) return new Set();
  const files = readdirSync(dist, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => `/${relative(dist, join(entry.parentPath, entry.name)).split(sep).join('/')}`);
  return new Set([...files, ...files.filter((file) => file.endsWith('.html')).map(routePath)]);
}

export function redirects({ site, sources }: RedirectsOptions): AstroIntegration {
  const written = [...sources.problems, ...ruleProblems(sources.rules)];
  return {
    name: 'redirects',
    hooks: {
      'astro:config:setup': ({ command, logger }) => {
        if (written.length === 0) return;
        if (command === 'build') throw new Error(formatRedirectProblems(written));
        logger.error(formatRedirectProblems(written));
      },
      'astro:build:done': async ({ dir, logger }) => {
        const out = fileURLToPath(dir);
        const addresses = builtAddresses(out);
        const { live, problems } = builtRedirects(sources.rules, (path) => addresses.has(path));
        if (problems.length > 0) throw new Error(formatRedirectProblems(problems));
        const table = redirectTable(live);
        const rulesFile = join(out, '_redirects');
        const existing = await readFile(rulesFile, 'utf8').catch(() => '');
        await writeFile(rulesFile, existing + netlifyRedirects(table));
        for (const [from, to] of Object.entries(table)) {
          const page = redirectPage(to, absoluteUrl(to, site.url), site.locale);
          await writeFileDeep(join(out, `${from}.html`), page);
          await writeFileDeep(join(out, from, 'index.html'), page);
        }
        const waiting = sources.rules.length - live.length;
        logger.info(
          `${live.length} redirects written` +
            (waiting > 0 ? `; ${waiting} old addresses of unpublished entries wait for them` : ''),
        );
      },
    },
  };
}
