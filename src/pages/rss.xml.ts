/** The blog's RSS feed: every published post, newest first, in full (src/lib/build-time/articles/feed.ts). */
import type { APIRoute } from 'astro';
import { articleFeed } from '@/lib/build-time/articles/feed';
import { site } from '@/site.config';

export const GET: APIRoute = () => articleFeed('blog', site);
