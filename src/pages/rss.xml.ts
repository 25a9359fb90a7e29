/** The blog's RSS feed: every published post, newest first, with absolute links. */
import rss from '@astrojs/rss';
import type { APIRoute } from 'astro';
import { getPosts } from '@/lib/build/articles/article-entries';
import { getRequiredEntry } from '@/lib/build/content/entries';
import { articlePath } from '@/lib/build/articles/articles';
import { feedTitle } from '@/lib/build/head';
import { site } from '@/site.config';

export const GET: APIRoute = async () => {
  const { data } = await getRequiredEntry('listPages', 'blog');
  const posts = await getPosts();
  return rss({
    title: feedTitle(site.brand),
    description: data.published.description,
    site: site.url,
    trailingSlash: false,
    customData: `<language>${site.locale}</language>`,
    items: posts.map((post) => ({
      title: post.data.title,
      description: post.data.description,
      pubDate: post.data.publishDate,
      link: new URL(articlePath('blog', post.id), site.url).href,
      categories: [...post.data.tags],
      author: `${site.email} (${post.author.data.name})`,
    })),
  });
};
