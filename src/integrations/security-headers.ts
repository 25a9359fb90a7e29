/**
 * After the build, writes `dist/_headers`: the site-wide rules (response-headers.ts), then one
 * Content-Security-Policy rule per public path and the editor's own policy for its page. Each
 * page's policy holds the hash of every inline <script> and <style> that page contains, computed
 * here and never typed by hand, so a changed inline script can never be silently blocked in
 * production.
 * First it writes the speculation rules into every page but the editor's, as data a script after it
 * turns into the rules element (speculation-rules.ts), whose hash the policy then holds too.
 */
import { access, readdir, readFile, writeFile } from 'node:fs/promises';
import { join, relative, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import type { AstroIntegration, AstroIntegrationLogger } from 'astro';
import type { AnalyticsIds } from '../lib/shared/analytics.ts';
import { formatHeadersFile } from '../lib/shared/headers-file.ts';
import { baseHeaderRules } from '../lib/shared/response-headers.ts';
import {
  contentSecurityPolicy,
  pageRules,
  withPolicyMeta,
  type InlineHashes,
} from '../lib/shared/security-headers.ts';
import { inlineHashes } from '../lib/build-time/security/inline-hashes.ts';
import { cmsAdmin } from '../lib/build-time/cms/cms-admin.ts';
import {
  beforeIntent,
  isNoindexPage,
  likelyNextRoutes,
  pagesThatFit,
  speculationRules,
  speculationRulesMarkup,
  speculationRulesText,
  withSpeculationRules,
} from '../lib/build-time/speculation-rules.ts';
import { contactRoute, routePath } from '../lib/shared/routes.ts';
import { htmlFiles } from './built-files.ts';

/**
 * The speculation rules' text for the built pages (file → HTML). How many of the cards' pages may
 * be fetched ahead depends on their compressed size, which the rules themselves add to: the sizes
 * are taken from the pages with a first draft of the rules in them.
 */
function speculationRulesFor(out: string, pages: Map<string, string>, logger: AstroIntegrationLogger) {
  const byRoute = new Map([...pages].map(([file, html]) => [routePath(`/${relative(out, file)}`), html]));
  const excludedPaths = [...byRoute].filter(([, html]) => isNoindexPage(html)).map(([route]) => route);
  const cards = likelyNextRoutes(byRoute.get('/') ?? '');
  // Pages are sent compressed: what fetching one ahead costs is its gzipped size.
  const likelyWith = (element: string) => {
    const size = (route: string) =>
      gzipSync(withSpeculationRules(byRoute.get(route) ?? '', element), { level: 9 }).length;
    return { cards: cards.map(size), contact: size(contactRoute) };
  };
  const draft = speculationRules({ excludedPaths, likely: likelyWith('') });
  const likely = likelyWith(speculationRulesMarkup(speculationRulesText(draft)));
  const text = speculationRulesText(speculationRules({ excludedPaths, likely }));
  const ahead = pagesThatFit(likely.cards);
  if (ahead < Math.min(cards.length, beforeIntent.pages))
    // Not an error: the site works the same, the cards left out just open at normal speed.
    logger.warn(
      `Only the first ${ahead} of ${cards.length} service pages are fetched ahead of a visitor's tap: together they must stay under ${beforeIntent.bytes} bytes compressed, and the service pages have grown. Nothing is broken; the other cards open at normal speed.`,
    );
  return text;
}

export function securityHeaders(options: {
  frameOrigins: string[];
  analytics: AnalyticsIds;
}): AstroIntegration {
  return {
    name: 'security-headers',
    hooks: {
      'astro:build:done': async ({ dir, logger }) => {
        const out = fileURLToPath(dir);
        const file = join(out, '_headers');
        // A _headers file in public/ would be copied here and then replaced: its rules belong in the code.
        if (
          await access(file).then(
            () => true,
            () => false,
          )
        )
          throw new Error('public/_headers is not used: put headers in src/lib/shared/response-headers.ts');
        const admin = join(out, `${cmsAdmin.page}.html`);
        const files = await htmlFiles(out);
        const html = new Map(
          await Promise.all(files.map(async (file) => [file, await readFile(file, 'utf8')] as const)),
        );
        const pages = files.filter((page) => page !== admin);
        const speculation = speculationRulesFor(out, html, logger);
        for (const page of pages)
          html.set(page, withSpeculationRules(html.get(page)!, speculationRulesMarkup(speculation)));
        await Promise.all(pages.map((page) => writeFile(page, html.get(page)!)));
        // Each page's policy holds the hashes of its own inline code, and nothing else's.
        const policyOf = (hashes: InlineHashes) => contentSecurityPolicy({ hashes, ...options });
        const policies = new Map(pages.map((page) => [page, policyOf(inlineHashes(html.get(page)!))]));
        const notFound = join(out, '404.html');
        await writeFile(notFound, withPolicyMeta(await readFile(notFound, 'utf8'), policies.get(notFound)!));
        const topLevelFiles = (await readdir(out, { withFileTypes: true }))
          .filter((entry) => entry.isFile())
          .map((entry) => entry.name);
        const rules = [
          ...baseHeaderRules,
          ...pageRules({
            pages: pages.map((page) => ({
              file: relative(out, page).split(sep).join('/'),
              policy: policies.get(page)!,
            })),
            topLevelFiles,
            filesPolicy: policyOf({ scripts: [], styles: [] }),
            adminPath: cmsAdmin.page,
          }),
        ];
        const source = `# Written by the build (src/integrations/security-headers.ts) from ${pages.length} pages.\n`;
        await writeFile(file, source + formatHeadersFile(rules));
        const counts = [...policies.values()].map((policy) => policy.match(/'sha256-/g)?.length ?? 0);
        logger.info(
          `a CSP for each of ${pages.length} pages, with ${Math.min(...counts)} to ${Math.max(...counts)} hashes`,
        );
      },
    },
  };
}
