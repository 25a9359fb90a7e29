import type { APIRoute } from 'astro';
import { absoluteUrl } from '@/lib/build-time/head';
import { site } from '@/site.config';

/** Generated so the sitemap line always carries the configured absolute origin. */
export const GET: APIRoute = () =>
  new Response(`User-agent: *\nAllow: /\n\nSitemap: ${absoluteUrl('/sitemap-index.xml', site.url)}\n`, {
    headers: { 'Content-Type': 'text/plain; charset=utf-8' },
  });
