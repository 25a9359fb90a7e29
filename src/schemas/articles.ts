/**
 * The front matter of blog posts and case studies, and the copy of their two list pages
 * (src/content/pages/blog.yaml and case-studies.yaml): what an article's files may hold.
 */
import { reference, type SchemaContext } from 'astro:content';
import { z } from 'zod';
import { closingCta, list, seo, text } from './fields.ts';
import { redirectFrom } from './redirects.ts';

/** The words around each list and its entries; the page says "coming soon" until one is published. */
export const listPageSchema = z.object({
  seo,
  heading: text('The page headline.'),
  text: text('The paragraph under it, shown while nothing is published ("coming soon").'),
  links: list(z.object({ label: text('Link text.'), href: text('Where it goes, e.g. /services.') }), 'links'),
  published: z
    .object({
      intro: text('The paragraph under the headline once entries are published.'),
      description: seo.shape.description,
      newer: text('Link to the newer page of the list, e.g. "Newer posts".'),
      older: text('Link to the older page of the list, e.g. "Older posts".'),
      pageTitle: text('Title of the list’s later pages; {title} and {page} are filled in.'),
      readingTime: text('Reading time on each entry; {minutes} is filled in.'),
      updated: text('Shown before the date an entry was last updated.'),
      draft: text('Badge on drafts, seen only in the `npm run dev` preview.'),
      previous: text('Label of the link to the previous (older) entry.'),
      next: text('Label of the link to the next (newer) entry.'),
      tagHeading: text('Headline of a tag’s list; {tag} is filled in.'),
      tagsLabel: text('Read aloud before an entry’s list of tags.'),
      byline: text('Blog only: before the author’s name on a post, e.g. "Written by".').optional(),
      facts: z
        .object({
          client: text('Label before the client’s name.'),
          service: text('Label before the service link.'),
          results: text('Heading of the results panel.'),
        })
        .optional()
        .describe('Case studies only: labels of the client, service and results panel.'),
      closing: closingCta,
    })
    .describe('The words around the list and each entry, used once something is published.'),
});

/** The front matter blog posts and case studies share. */
const article = (image: SchemaContext['image']) => ({
  title: text('The headline, also the page title in search results.').max(
    90,
    'keep the title under 90 characters',
  ),
  description: text('One or two sentences for the list, search results and link previews.').max(
    160,
    'keep it under 160 characters so search results do not cut it',
  ),
  publishDate: z.coerce
    .date({ error: 'must be a date written YYYY-MM-DD, e.g. 2026-11-23' })
    .describe('The day it is published, YYYY-MM-DD; lists show the newest first.'),
  updatedDate: z.coerce
    .date({ error: 'must be a date written YYYY-MM-DD, e.g. 2026-11-30' })
    .optional()
    .describe('Optional: the day of the last real change, YYYY-MM-DD.'),
  cover: image()
    .optional()
    .describe('Optional cover picture next to this file, e.g. ./my-post.jpg (at least 1200 px wide).'),
  coverAlt: z
    .string()
    .trim()
    .min(1, 'must not be empty')
    .optional()
    .describe('What the cover shows, for people who cannot see it (required with a cover).'),
  tags: z
    .array(text('One tag, e.g. "Shopify".'))
    .default([])
    .describe('Optional topics; each tag gets its own list at /blog/tags/….'),
  draft: z
    .boolean()
    .default(false)
    .describe('true keeps it off the live site; it shows only in the `npm run dev` preview.'),
  scheduled: z
    .boolean()
    .default(false)
    .describe(
      'true for a publishDate still to come: it stays off the live site until the first build on or after that day.',
    ),
  redirectFrom,
});

const hasCoverAlt = (entry: { cover?: unknown; coverAlt?: string | undefined }) =>
  !entry.cover || entry.coverAlt !== undefined;
const coverAltMissing = { message: 'describe the cover for people who cannot see it', path: ['coverAlt'] };

export const blogSchema = ({ image }: SchemaContext) =>
  z
    .object({
      ...article(image),
      author: reference('founders').describe('Who wrote it: a founder’s file name, e.g. amelia-hart.'),
    })
    .refine(hasCoverAlt, coverAltMissing);

export const caseStudySchema = ({ image }: SchemaContext) =>
  z
    .object({
      ...article(image),
      client: text('The client’s name as they want it shown.'),
      service: reference('services').describe('What we did: a service’s file name, e.g. shopify.'),
      results: z
        .array(
          z.object({
            label: text('What was measured, e.g. "Conversion rate".'),
            value: text('The result, e.g. "+38%".'),
          }),
        )
        .optional()
        .describe('Optional: the numbers, shown as a results panel.'),
      quote: z
        .object({
          text: text('What the client said.'),
          by: text('Who said it, e.g. "Sam Lee, Founder".'),
        })
        .optional()
        .describe('Optional: a quote from the client.'),
    })
    .refine(hasCoverAlt, coverAltMissing);
