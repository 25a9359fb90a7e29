/** The blog's RSS feed: every published post, newest first, in full (src/lib/build/articles/feed.ts). */
import type { APIRoute } from 'astro';
import { getPosts } from '@/lib/build/articles/article-entries';
import { articleFeed } from '@/lib/build/articles/feed';
import { getRequiredEntry } from '@/lib/build/content/entries';
import { site } from '@/site.config';

export const GET: APIRoute = async () => {
  const { data } = await getRequiredEntry('listPages', 'blog');
  return articleFeed({
    kind: 'blog',
    brand: site.brand,
    siteUrl: site.url,
    locale: site.locale,
    description: data.published.description,
    items: (await getPosts()).map((post) => ({
      entry: post,
      categories: post.data.tags,
      author: `${site.email} (${post.author.data.name})`,
    })),
  });
};
