/** The case studies' RSS feed: every published case study, newest first, in full. */
import type { APIRoute } from 'astro';
import { getCaseStudies } from '@/lib/build/articles/article-entries';
import { articleFeed } from '@/lib/build/articles/feed';
import { getRequiredEntry } from '@/lib/build/content/entries';
import { site } from '@/site.config';

export const GET: APIRoute = async () => {
  const { data } = await getRequiredEntry('listPages', 'case-studies');
  return articleFeed({
    kind: 'case-studies',
    brand: site.brand,
    siteUrl: site.url,
    locale: site.locale,
    description: data.published.description,
    items: (await getCaseStudies()).map((study) => ({ entry: study })),
  });
};
