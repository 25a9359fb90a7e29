/**
 * The case studies' RSS feed: every published case study, newest first, in full, each with the
 * facts panel its page shows (client, service, results, quote).
 */
import type { APIRoute } from 'astro';
import CaseStudyFacts from '@/components/articles/CaseStudyFacts.astro';
import { articleFeed } from '@/lib/build-time/articles/feed';
import { site } from '@/site.config';

export const GET: APIRoute = () => articleFeed('case-studies', site, CaseStudyFacts);
