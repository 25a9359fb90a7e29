/**
 * Astro writes the rule that lays out its islands (`astro-island{display:contents}`) as a <style>
 * just before the first island, which sits in the body, where HTML allows no <style>. After the
 * build this moves that one element, unchanged, to the end of the page's <head>, so every page is
 * valid HTML and the rule applies before any island renders. The CSP hash of its text is the same.
 */
import { readFile, writeFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import type { AstroIntegration } from 'astro';
import { htmlFiles } from './built-files.ts';

/** Astro's island rule: a style element whose selectors start with `astro-island`. */
const islandStyle = /<style>astro-island[^<]*<\/style>/;

export function islandStyles(): AstroIntegration {
  return {
    name: 'island-styles',
    hooks: {
      'astro:build:done': async ({ dir, logger }) => {
        let moved = 0;
        for (const page of await htmlFiles(fileURLToPath(dir))) {
          const html = await readFile(page, 'utf8');
          const head = html.indexOf('</head>');
          const style = islandStyle.exec(html);
          if (!style || head < 0 || style.index < head) continue;
          const rest = html.slice(0, style.index) + html.slice(style.index + style[0].length);
          await writeFile(page, rest.slice(0, head) + style[0] + rest.slice(head));
          moved += 1;
        }
        logger.info(`island styles moved into the head of ${moved} pages`);
      },
    },
  };
}
