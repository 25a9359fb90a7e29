// @ts-check
import { defineConfig } from 'astro/config';
import react from '@astrojs/react';
import sitemap from '@astrojs/sitemap';
import { satteri } from '@astrojs/markdown-satteri';
import tailwindcss from '@tailwindcss/vite';
import { loadEnv } from 'vite';

// .env files fill in what the real environment does not set, before the settings modules read it
// (src/site.config.ts, src/lib/build-time/build-config.ts).
const fileEnv = loadEnv(process.env.NODE_ENV ?? 'production', process.cwd(), '');
for (const [key, value] of Object.entries(fileEnv)) process.env[key] ??= value;

const { site } = await import('./src/site.config.ts');
const { buildConfig } = await import('./src/lib/build-time/build-config.ts');
const { contactEndpoint } = await import('./src/lib/shared/paths.ts');
const { legacyRedirects } = await import('./src/integrations/legacy-redirects.ts');
const { clientDirectives } = await import('./src/integrations/client-directives.ts');
const { serviceLinks } = await import('./src/integrations/service-links.ts');
const { devFunction } = await import('./src/integrations/dev-function.ts');
const { shareImages } = await import('./src/integrations/share-images.ts');
const { securityHeaders } = await import('./src/integrations/security-headers.ts');
const { cmsAdminFiles } = await import('./src/integrations/cms-admin.ts');
const { islandStyles } = await import('./src/integrations/island-styles.ts');
const { precompressedFiles } = await import('./src/integrations/precompressed-files.ts');
const { isServiceRoute, siteRoutes } = await import('./src/lib/shared/routes.ts');
const { absoluteUrl } = await import('./src/lib/build-time/head.ts');
const { isArticleRoute } = await import('./src/lib/build-time/articles/articles.ts');
const { headingAnchors } = await import('./src/lib/build-time/articles/heading-anchors.ts');
const { bodyImages } = await import('./src/lib/build-time/articles/body-images.ts');
const { codeHighlight } = await import('./src/lib/build-time/articles/code-highlight.ts');
const { markdownOutput } = await import('./src/lib/build-time/articles/markdown-output.ts');
const { articleFolders } = await import('./src/lib/build-time/articles/scheduled-days.ts');
const { launchCheckAtBuild } = await import('./src/integrations/launch-check-at-build.ts');
const { contentChecks } = await import('./src/integrations/content-checks.ts');
const { redirects } = await import('./src/lib/shared/redirects.ts');

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
      checkMail: buildConfig.onNetlify,
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
    contentChecks({ origin: new URL(site.url).origin, redirects }),
    legacyRedirects(site),
    cmsAdminFiles(buildConfig.cms),
    islandStyles(),
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
  },
});
