// @ts-check
import { defineConfig } from 'astro/config';
import react from '@astrojs/react';
import sitemap from '@astrojs/sitemap';
import tailwindcss from '@tailwindcss/vite';
import { loadEnv } from 'vite';

// .env files fill in what the real environment does not set; src/site.config.ts reads process.env.
const fileEnv = loadEnv(process.env.NODE_ENV ?? 'production', process.cwd(), '');
for (const [key, value] of Object.entries(fileEnv)) process.env[key] ??= value;

const { site } = await import('./src/site.config.ts');
const { legacyRedirects } = await import('./src/integrations/legacy-redirects.ts');
const { clientDirectives } = await import('./src/integrations/client-directives.ts');
const { indexableRoutes } = await import('./src/lib/navigation.ts');
const { absoluteUrl } = await import('./src/lib/head.ts');

const sitemapUrls = new Set(indexableRoutes.map((path) => absoluteUrl(path, site.url)));

// A build folder other than dist/ (OUT_DIR) gets its own cache, so parallel builds never share one.
const outDir = process.env.OUT_DIR;

export default defineConfig({
  site: site.url,
  ...(outDir && { cacheDir: `./node_modules/.astro-cache/${outDir.replace(/[^\w-]/g, '_')}` }),
  // Routes are served without a trailing slash (`/about` from `about.html`) on Netlify and locally.
  trailingSlash: 'never',
  build: { format: 'file' },
  devToolbar: { enabled: false },
  integrations: [
    react(),
    clientDirectives(),
    sitemap({ filter: (page) => sitemapUrls.has(absoluteUrl(new URL(page).pathname, site.url)) }),
    legacyRedirects(site.url),
  ],
  vite: {
    plugins: [tailwindcss()],
  },
});
