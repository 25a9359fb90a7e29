/**
 * Writes the legacy redirects into the build: `dist/_redirects` for Netlify (real 301s) and a
 * small meta-refresh page at both `/x.html` and `/x/index.html` for static hosts without rules.
 */
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { AstroIntegration } from 'astro';
import { netlifyRedirects, redirectPage, redirects } from '../lib/shared/redirects.ts';
import { absoluteUrl } from '../lib/build-time/head.ts';

async function writeFileDeep(path: string, contents: string) {
  await mkdir(dirname(path), { recursive: true });
  await writeFile(path, contents);
}

export function legacyRedirects(site: { url: string; locale: string }): AstroIntegration {
  return {
    name: 'legacy-redirects',
    hooks: {
      'astro:build:done': async ({ dir, logger }) => {
        const out = fileURLToPath(dir);
        const rulesFile = join(out, '_redirects');
        const existing = await readFile(rulesFile, 'utf8').catch(() => '');
        await writeFile(rulesFile, existing + netlifyRedirects());
        for (const [from, to] of Object.entries(redirects)) {
          const page = redirectPage(to, absoluteUrl(to, site.url), site.locale);
          await writeFileDeep(join(out, `${from}.html`), page);
          await writeFileDeep(join(out, from, 'index.html'), page);
        }
        logger.info(`${Object.keys(redirects).length} legacy redirects written`);
      },
    },
  };
}
