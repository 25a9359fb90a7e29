/**
 * The content of the article test site: thirteen published posts (two list pages), one of 1,500
 * words with a cover, an update, links, an image, a full-size phone photo and a script in its text,
 * one of 5,000 words of prose made from the terms' words, four published case studies (one with a
 * photo narrower than the column), and a draft of each kind that must appear nowhere in the build.
 * The copy's own posts and case studies are removed first, so the lists, tags and feeds hold the
 * fixtures alone, whatever the project has published.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import sharp from 'sharp';
import type { ProjectCopy } from './project-copy.ts';
import { articleBody, markdownFile } from '#tools/markdown-files.ts';
import { content } from './content.ts';
import { markdownBody, proseFrom } from './prose.ts';

// Authors and services are the content's own, whatever founders and services it has.
const founders = content.founders;
const author = (i: number) => founders[i % founders.length]!;
const service = (i: number) => content.services[i % content.services.length]!.id;

const day = (offset: number) => new Date(Date.UTC(2026, 0, 1 + offset)).toISOString().slice(0, 10);

export const fixtures = {
  /** Newest first, as the list shows them. */
  posts: [
    'long-read',
    ...Array.from({ length: 11 }, (_, i) => `post-${String(11 - i).padStart(2, '0')}`),
    'five-thousand-words',
  ],
  longRead: {
    id: 'long-read',
    title: 'The long read on Shopify speed',
    words: 1500,
    published: '2026-03-01',
    /** What a feed must rewrite or drop: relative links, an image in the text, a script. */
    feedExtras: [
      'See [our services](/services), [the first part](#part-1) and [the next post](post-11).',
      '![The storefront again](./long-read.jpg)',
      '<script>document.documentElement.dataset.feedCheck = "ran"</script>',
    ].join('\n\n'),
  },
  /** The oldest post: a long one, for the byte budgets (tests/support/first-round-trip.ts). */
  longPost: { id: 'five-thousand-words', words: 5000, published: day(0) },
  draftPost: 'hidden-draft-post',
  /** Newest first. */
  caseStudies: ['delta-store', 'gamma-store', 'beta-store', 'alpha-store'],
  draftCaseStudy: 'hidden-draft-study',
  /** A photo straight from a phone's camera, in the long read's text after its 1,500 words. */
  phonePhoto: { file: 'phone-photo.jpg', width: 4032, height: 3024, alt: 'The shop floor, from a phone' },
  /** A photo narrower than the column, in a case study's text: the build warns about it. */
  narrowPhoto: { study: 'gamma-store', file: 'narrow-photo.jpg', width: 600, height: 400 },
  /** The long read's author and the newest case study's service. */
  longReadAuthor: author(1),
  newestStudyService: service(0),
};

/** A JPEG of that size with detail in every part, made here rather than kept in git (sharp ships with Astro). */
function photo({ width, height }: { width: number; height: number }): Promise<Buffer> {
  const pixels = Buffer.alloc(width * height * 3);
  for (let y = 0; y < height; y += 1) {
    for (let x = 0; x < width; x += 1) {
      const at = (y * width + x) * 3;
      pixels[at] = (x * 255) / width;
      pixels[at + 1] = (y * 255) / height;
      pixels[at + 2] = (x ^ y) & 255;
    }
  }
  return sharp(pixels, { raw: { width, height, channels: 3 } })
    .jpeg({ quality: 85 })
    .toBuffer();
}

export async function writeArticleFixtures(site: ProjectCopy) {
  for (const folder of ['src/content/blog', 'src/content/case-studies']) site.remove(folder);
  for (let i = 1; i <= 11; i += 1) {
    const id = `post-${String(i).padStart(2, '0')}`;
    site.write(
      `src/content/blog/${id}.md`,
      markdownFile(
        {
          title: `Post number ${i}`,
          description: `Short description of post number ${i}, for the list and for search results.`,
          publishDate: day(i),
          author: author(i).id,
          tags: i % 2 ? ['Content'] : ['Shopify'],
        },
        articleBody(300, `Post${i}`),
      ),
    );
  }
  const { longRead, longPost, phonePhoto, narrowPhoto } = fixtures;
  site.write(`src/content/blog/${phonePhoto.file}`, await photo(phonePhoto));
  site.write(`src/content/case-studies/${narrowPhoto.file}`, await photo(narrowPhoto));
  site.write(
    `src/content/blog/${longPost.id}.md`,
    markdownFile(
      {
        title: 'Five thousand words',
        description: 'A long post, to show that length costs a reader nothing on the first screen.',
        publishDate: longPost.published,
        author: author(0).id,
        tags: ['Content'],
      },
      proseFrom(
        markdownBody(readFileSync(join(site.dir, 'src/content/legal/terms.md'), 'utf8')),
        longPost.words,
      ),
    ),
  );
  site.copy(fixtures.longReadAuthor.photoFile, 'src/content/blog/long-read.jpg');
  site.write(
    `src/content/blog/${longRead.id}.md`,
    markdownFile(
      {
        title: longRead.title,
        description: 'Everything we know about making a Shopify store fast on a phone, in one place.',
        publishDate: longRead.published,
        updatedDate: '2026-03-10',
        author: fixtures.longReadAuthor.id,
        cover: './long-read.jpg',
        coverAlt: 'A storefront on a phone screen',
        tags: ['Shopify', 'Speed'],
      },
      `${articleBody(longRead.words)}\n\n![${phonePhoto.alt}](./${phonePhoto.file})\n\n${longRead.feedExtras}`,
    ),
  );
  site.write(
    `src/content/blog/${fixtures.draftPost}.md`,
    markdownFile(
      {
        title: 'A hidden draft post',
        description: 'This post is a draft and must never reach a build, a feed or the sitemap.',
        publishDate: '2026-05-01',
        author: author(0).id,
        tags: ['Secret'],
        draft: true,
      },
      'Not yet.',
    ),
  );

  fixtures.caseStudies.forEach((id, index) => {
    const newest = index === 0;
    if (newest) site.copy(author(0).photoFile, `src/content/case-studies/${id}.jpg`);
    site.write(
      `src/content/case-studies/${id}.md`,
      markdownFile(
        {
          title: `Case study ${id}`,
          description: `How we helped ${id} grow, with the numbers behind the project.`,
          publishDate: day(40 - index),
          client: `Client ${id}`,
          service: newest ? fixtures.newestStudyService : service(1),
          ...(newest && {
            cover: `./${id}.jpg`,
            coverAlt: 'The client’s new home page',
            results: [
              { label: 'Conversion rate', value: '+38%' },
              { label: 'Page load', value: '1.2 s' },
            ],
            quote: { text: 'They made our store twice as fast.', by: 'Sam Lee, Founder' },
            tags: ['Shopify'],
          }),
        },
        id === narrowPhoto.study
          ? `${articleBody(400, `Study${index}`)}\n\n![The team's first sketch](./${narrowPhoto.file})`
          : articleBody(400, `Study${index}`),
      ),
    );
  });
  site.write(
    `src/content/case-studies/${fixtures.draftCaseStudy}.md`,
    markdownFile(
      {
        title: 'A hidden draft case study',
        description: 'This case study is a draft and must never reach a build or the sitemap.',
        publishDate: '2026-05-01',
        client: 'Secret client',
        service: service(0),
        draft: true,
      },
      'Not yet.',
    ),
  );
}
