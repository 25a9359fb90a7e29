/**
 * After the build, cuts each page's inline stylesheet to the rules that can match it
 * (src/lib/build-time/page-styles.ts). It runs before the security headers, which hash the result.
 */
import { readdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { AstroIntegration } from 'astro';
import { gzipSync } from 'node:zlib';
import { withPageStyles } from '../lib/build-time/page-styles.ts';
import { cmsAdmin } from '../lib/build-time/cms/cms-admin.ts';
import { hashedAssetsPath } from '../lib/shared/response-headers.ts';
import { htmlFiles } from './built-files.ts';

/** The text of every script the build wrote as a file, which an island may load. */
async function bundledScripts(out: string): Promise<string> {
  const folder = join(out, hashedAssetsPath.replace(/\/\*$/, ''));
  const files = (await readdir(folder)).filter((file) => /\.m?js$/.test(file)).sort();
  return (await Promise.all(files.map((file) => readFile(join(folder, file), 'utf8')))).join('\n');
}

export function pageStyles(): AstroIntegration {
  return {
    name: 'page-styles',
    hooks: {
      'astro:build:done': async ({ dir, logger }) => {
        const out = fileURLToPath(dir);
        const bundles = await bundledScripts(out);
        // The same class is asked about on every page: search the bundles once per name.
        const found = new Map<string, boolean>();
        const inBundles = (name: string) => {
          if (!found.has(name)) found.set(name, bundles.includes(name));
          return found.get(name)!;
        };
        const admin = join(out, `${cmsAdmin.page}.html`);
        let before = 0;
        let after = 0;
        const pages = (await htmlFiles(out)).filter((page) => page !== admin);
        for (const page of pages) {
          const html = await readFile(page, 'utf8');
          const cut = withPageStyles(html, inBundles);
          before += gzipSync(html).length;
          after += gzipSync(cut).length;
          if (cut !== html) await writeFile(page, cut);
        }
        logger.info(
          `unused style rules left out of ${pages.length} pages: ${Math.round((before - after) / pages.length)} bytes gzipped a page`,
        );
      },
    },
  };
}
