// @ts-check
import { defineConfig } from 'astro/config';
import react from '@astrojs/react';
import sitemap from '@astrojs/sitemap';
import { satteri } from '@astrojs/markdown-satteri';
import tailwindcss from '@tailwindcss/vite';
import { loadEnv } from 'vite';
import { site } from './src/site.config.ts';
import { buildConfig } from './src/lib/shared/build-config.ts';
import { contactEndpoint } from './src/lib/shared/paths.ts';
import { redirects } from './src/integrations/redirects.ts';
import { clientDirectives } from './src/integrations/client-directives.ts';
import { serviceLinks } from './src/integrations/service-links.ts';
import { devFunction } from './src/integrations/dev-function.ts';
import { shareImages } from './src/integrations/share-images.ts';
import { securityHeaders } from './src/integrations/security-headers.ts';
import { cmsAdminFiles } from './src/integrations/cms-admin.ts';
import { islandStyles } from './src/integrations/island-styles.ts';
import { pageStyles } from './src/integrations/page-styles.ts';
import { precompressedFiles } from './src/integrations/precompressed-files.ts';
import { isServiceRoute, siteRoutes } from './src/lib/shared/routes.ts';
import { absoluteUrl } from './src/lib/build-time/head.ts';
import { isArticleRoute } from './src/lib/build-time/articles/articles.ts';
import { headingAnchors } from './src/lib/build-time/articles/heading-anchors.ts';
import { bodyImages } from './src/lib/build-time/articles/body-images.ts';
import { codeHighlight } from './src/lib/build-time/articles/code-highlight.ts';
import { markdownOutput } from './src/lib/build-time/articles/markdown-output.ts';
import { articleFolders } from './src/lib/shared/scheduled-days.ts';
import { launchCheckAtBuild } from './src/integrations/launch-check-at-build.ts';
import { contentChecks } from './src/integrations/content-checks.ts';
import { readRedirectSources } from './src/lib/build-time/redirects/redirect-sources.ts';
import { redirectTable } from './src/lib/build-time/redirects/redirect-checks.ts';

// .env files fill in what the real environment does not set. The settings modules imported above
// parse the environment when first asked, never at import, so this runs before any of them reads it.
const fileEnv = loadEnv(process.env.NODE_ENV ?? 'production', process.cwd(), '');
for (const [key, value] of Object.entries(fileEnv)) process.env[key] ??= value;

// Every redirect editors wrote, read once: checked and written by `redirects`, and the old
// addresses the content checks report links through.
const redirectSources = readRedirectSources(process.cwd());
const sitemapUrls = new Set(siteRoutes.map((path) => absoluteUrl(path, site.url)));

// A build folder other than dist/ (OUT_DIR) gets its own cache, so parallel builds never share one.
const { outDir } = buildConfig;

export default defineConfig({
  site: site.url,
  ...(outDir && { cacheDir: `./node_modules/.astro-cache/${outDir.replace(/[^\w-]/g, '_')}` }),
  // Routes are served without a trailing slash (`/about` from `about.html`) on Netlify and locally.
  trailingSlash: 'never',
  // Styles are inlined: one round trip fewer before first paint, and each page's HTML plus CSS
  // still fits the first 14 KB (checked by tests/e2e/js/every-page.spec.ts).
  build: { format: 'file', inlineStylesheets: 'always' },
  devToolbar: { enabled: false },
  // Headings in posts and case studies link to themselves, so a reader can share a section, and
  // their photos are resized as the covers are. Code is highlighted with classes, tables, alignment
  // and task lists made to hold under the CSP (Shiki's inline `style=` is refused by it).
  markdown: {
    syntaxHighlight: false,
    processor: satteri({
      hastPlugins: [
        codeHighlight(),
        markdownOutput(),
        headingAnchors({ folders: articleFolders }),
        bodyImages({ folders: articleFolders }),
      ],
    }),
  },
  integrations: [
    // First: a Netlify production deploy with placeholders stops before any work; others warn.
    launchCheckAtBuild({
      env: process.env,
      root: process.cwd(),
      refuse: buildConfig.refusePlaceholders,
    }),
    react(),
    clientDirectives(),
    serviceLinks(),
    devFunction({ path: contactEndpoint, entry: '/enquiries/contact-handler.ts' }),
    // The fixed routes, every service's page, and every published list page, tag list and entry
    // (drafts are never built).
    sitemap({
      filter: (page) => {
        const path = new URL(page).pathname;
        return sitemapUrls.has(absoluteUrl(path, site.url)) || isServiceRoute(path) || isArticleRoute(path);
      },
    }),
    shareImages(site),
    // After the pages, feeds and sitemap are written: links are checked against them.
    contentChecks({ origin: new URL(site.url).origin, redirects: redirectTable(redirectSources.rules) }),
    redirects({ site, sources: redirectSources }),
    cmsAdminFiles(buildConfig.cms),
    islandStyles(),
    // After the island rule reaches the head, before the hashes: each page keeps the rules it can use.
    pageStyles(),
    // After every page is written: it hashes the inline code the other integrations wrote.
    securityHeaders({
      frameOrigins: [new URL(site.bookingUrl).origin],
      analytics: buildConfig.analytics,
    }),
    // Last: compressed copies of every text file, the headers, rules and 404 page included.
    precompressedFiles(),
  ],
  vite: {
    plugins: [tailwindcss()],
    // The analytics file is built as Vite builds a worker (src/components/ConsentBanner.astro): as a
    // module, which the page script loads as one.
    worker: { format: 'es' },
  },
});
