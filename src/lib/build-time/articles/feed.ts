/**
 * The RSS feeds: the blog's at /rss.xml and the case studies' at /case-studies/rss.xml, each item
 * with the entry's full rendered HTML in `content:encoded`, as a feed reader shows it away from
 * the site: every link and image address absolute, and no script or event handler.
 */
import rss from '@astrojs/rss';
import { experimental_AstroContainer as AstroContainer } from 'astro/container';
import { render, type CollectionEntry } from 'astro:content';
import { parseFragment, serialize, type DefaultTreeAdapterTypes } from 'parse5';
import { absoluteUrl, feedTitle } from '../head.ts';
import { getRequiredEntry } from '../content/entries.ts';
import { getCaseStudies, getPosts } from './article-entries.ts';
import { articlePath, type ArticleKind } from './articles.ts';

type Node = DefaultTreeAdapterTypes.Node;
type Entry = CollectionEntry<'blog'> | CollectionEntry<'caseStudies'>;

const urlAttributes = new Set(['href', 'src', 'poster', 'cite']);
const dropped = new Set(['script', 'noscript', 'template']);

/** The node's children, made fit for a feed: addresses resolved against `base`, scripts removed. */
function clean(node: Node, base: string): void {
  if (!('childNodes' in node)) return;
  node.childNodes = node.childNodes.filter((child) => !('tagName' in child && dropped.has(child.tagName)));
  for (const child of node.childNodes) {
    if ('attrs' in child) {
      child.attrs = child.attrs
        .filter(({ name }) => !name.startsWith('on'))
        .map((attribute) => {
          if (urlAttributes.has(attribute.name))
            return { ...attribute, value: new URL(attribute.value, base).href };
          if (attribute.name === 'srcset')
            return {
              ...attribute,
              value: attribute.value
                .split(',')
                .map((candidate) => {
                  const [url = '', ...descriptor] = candidate.trim().split(/\s+/);
                  return [new URL(url, base).href, ...descriptor].join(' ');
                })
                .join(', '),
            };
          return attribute;
        });
    }
    clean(child, base);
  }
  if ('content' in node) clean(node.content as Node, base);
}

/** The entry's Markdown rendered as its page renders it (images processed), fit for a feed. */
async function feedHtml(container: AstroContainer, entry: Entry, url: string): Promise<string> {
  const { Content } = await render(entry);
  const fragment = parseFragment(await container.renderToString(Content));
  clean(fragment, url);
  return serialize(fragment);
}

interface FeedItem {
  entry: Entry;
  author?: string;
  categories?: readonly string[];
}

/** Each kind's entries, newest first, with what its items add: the author and tags of a post. */
async function feedItems(kind: ArticleKind, email: string): Promise<FeedItem[]> {
  if (kind === 'case-studies') return (await getCaseStudies()).map((study) => ({ entry: study }));
  return (await getPosts()).map((post) => ({
    entry: post,
    categories: post.data.tags,
    author: `${email} (${post.author.data.name})`,
  }));
}

/** The feed of one kind of entry, every published one in full, as its route answers it. */
export async function articleFeed(
  kind: ArticleKind,
  site: { brand: string; url: string; locale: string; email: string },
) {
  const { data } = await getRequiredEntry('listPages', kind);
  const container = await AstroContainer.create();
  return rss({
    title: feedTitle(kind, site.brand),
    description: data.published.description,
    site: site.url,
    trailingSlash: false,
    customData: `<language>${site.locale}</language>`,
    items: await Promise.all(
      (await feedItems(kind, site.email)).map(async ({ entry, author, categories }) => {
        const link = absoluteUrl(articlePath(kind, entry.id), site.url);
        return {
          title: entry.data.title,
          description: entry.data.description,
          pubDate: entry.data.publishDate,
          link,
          content: await feedHtml(container, entry, link),
          ...(categories ? { categories: [...categories] } : {}),
          ...(author ? { author } : {}),
        };
      }),
    ),
  });
}
