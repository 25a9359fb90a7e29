/** The case studies' RSS feed: every published case study, newest first, in full. */
import type { APIRoute } from 'astro';
import { articleFeed } from '@/lib/build-time/articles/feed';
import { site } from '@/site.config';

export const GET: APIRoute = () => articleFeed('case-studies', site);
