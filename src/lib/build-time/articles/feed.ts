/**
 * The RSS feeds: the blog's at /rss.xml and the case studies' at /case-studies/rss.xml, each item
 * with the entry's full rendered HTML in `content:encoded` (a case study's facts panel first, as
 * its page shows it), as a feed reader shows it away from the site: every link and image address
 * absolute, and no script or event handler. Each feed names its own address (`atom:link`
 * rel="self"), as the RSS Advisory Board recommends.
 */
import rss from '@astrojs/rss';
import { experimental_AstroContainer as AstroContainer } from 'astro/container';
import { render, type CollectionEntry } from 'astro:content';
import { parseFragment, serialize, type DefaultTreeAdapterTypes } from 'parse5';
import { absoluteUrl, feedTitle, feeds } from '../head.ts';
import { getRequiredEntry } from '../content/entries.ts';
import { getCaseStudies, getPosts } from './article-entries.ts';
import { articlePath, type ArticleKind } from './articles.ts';
import { caseStudyFacts } from './case-study-facts.ts';
import { bodyPictureSources } from './body-images.ts';

type Node = DefaultTreeAdapterTypes.Node;
type Entry = CollectionEntry<'blog'> | CollectionEntry<'caseStudies'>;
type Component = Parameters<AstroContainer['renderToString']>[0];

const urlAttributes = new Set(['href', 'src', 'poster', 'cite']);
const dropped = new Set(['script', 'noscript', 'template']);

/** The widest copy a `srcset` offers (the last one Astro writes is the widest, but the order is not promised). */
const widestCandidate = (srcset: string) =>
  srcset
    .split(',')
    .map((candidate) => candidate.trim().split(/\s+/))
    .sort(([, a = '0'], [, b = '0']) => Number.parseFloat(b) - Number.parseFloat(a))[0]?.[0];

/**
 * The node's children, made fit for a feed: addresses resolved against `base`, scripts removed. A
 * feed reader may show a picture by its src alone, so an <img> with a srcset gets its widest
 * resized copy there (1,200 px for a photo in the text), not the editor's full-size file.
 */
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
      const srcset = child.attrs.find(({ name }) => name === 'srcset')?.value;
      const widest = child.nodeName === 'img' && srcset ? widestCandidate(srcset) : undefined;
      if (widest)
        child.attrs = child.attrs.map((attribute) =>
          attribute.name === 'src' ? { ...attribute, value: widest } : attribute,
        );
    }
    clean(child, base);
  }
  if ('content' in node) clean(node.content as Node, base);
}

/**
 * The entry's Markdown rendered as its page renders it (images processed), after `lead` (what
 * the page shows above the text), fit for a feed.
 */
async function feedHtml(container: AstroContainer, entry: Entry, url: string, lead = ''): Promise<string> {
  const { Content } = await render(entry);
  const fragment = parseFragment(lead + bodyPictureSources(await container.renderToString(Content)));
  clean(fragment, url);
  return serialize(fragment);
}

interface FeedItem {
  entry: Entry;
  author?: string;
  categories?: readonly string[];
  lead?: string;
}

/**
 * Each kind's entries, newest first, with what its items add: the author and tags of a post, a
 * case study's facts panel drawn by `factsPanel`, the component its page draws it with.
 */
async function feedItems(
  kind: ArticleKind,
  email: string,
  container: AstroContainer,
  factsPanel: Component | undefined,
): Promise<FeedItem[]> {
  if (kind === 'case-studies') {
    if (!factsPanel) throw new Error('The case studies’ feed needs the facts panel its pages show');
    return Promise.all(
      (await getCaseStudies()).map(async (study) => ({
        entry: study,
        lead: await container.renderToString(factsPanel, { props: await caseStudyFacts(study) }),
      })),
    );
  }
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
  factsPanel?: Component,
) {
  const { data } = await getRequiredEntry('listPages', kind);
  const container = await AstroContainer.create();
  return rss({
    title: feedTitle(kind, site.brand),
    description: data.published.description,
    site: site.url,
    trailingSlash: false,
    xmlns: { atom: 'http://www.w3.org/2005/Atom' },
    customData: [
      `<atom:link href="${absoluteUrl(feeds[kind].path, site.url)}" rel="self" type="application/rss+xml"/>`,
      `<language>${site.locale}</language>`,
    ].join(''),
    items: await Promise.all(
      (await feedItems(kind, site.email, container, factsPanel)).map(
        async ({ entry, author, categories, lead }) => {
          const link = absoluteUrl(articlePath(kind, entry.id), site.url);
          return {
            title: entry.data.title,
            description: entry.data.description,
            pubDate: entry.data.publishDate,
            link,
            content: await feedHtml(container, entry, link, lead),
            ...(categories ? { categories: [...categories] } : {}),
            ...(author ? { author } : {}),
          };
        },
      ),
    ),
  });
}
