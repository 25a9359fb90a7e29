/**
 * What editors may write in src/content/, and what each field means. Astro checks every file
 * against these schemas during `astro build`/`astro dev`; a wrong field fails the build with the
 * file and the field named. Descriptions (`.describe`) are the editor's field guide.
 *
 * This file names the files of each collection; the fields several schemas share and the larger
 * schemas live beside it in src/schemas/.
 */
import { basename, dirname } from 'node:path';
import { defineCollection } from 'astro:content';
import { glob } from 'astro/loaders';
import { z } from 'zod';
import * as iconPaths from './lib/shared/icon-paths.ts';
import { serviceFiles } from './lib/build-time/content/service-files.ts';
import { redirectsFile } from './lib/build-time/redirects/redirect-sources.ts';
import { accessibilityStatementSchema } from './schemas/accessibility.ts';
import { blogSchema, caseStudySchema, listPageSchema } from './schemas/articles.ts';
import { companySchema } from './schemas/company.ts';
import { redirectsFileSchema } from './schemas/redirects.ts';
import { addon, faq, list, onePopularAtMost, pkg, seo, steps, text, titled } from './schemas/fields.ts';
import {
  aboutSchema,
  contactSchema,
  homeSchema,
  layoutSchema,
  notFoundSchema,
  servicesOverviewSchema,
} from './schemas/pages.ts';

const singleton = <T extends z.ZodType>(file: string, schema: T) =>
  defineCollection({ loader: glob({ pattern: `${file}.yaml`, base: './src/content/pages' }), schema });

const layout = singleton('layout', layoutSchema);
const home = singleton('home', homeSchema);
const servicesOverview = singleton('services', servicesOverviewSchema);

// Every icon the site can draw: a new one is a path in src/lib/shared/icon-paths.ts.
const iconNames = Object.keys(iconPaths) as [keyof typeof iconPaths, ...(keyof typeof iconPaths)[]];

/** One file per service: its page is /services/{file name}, e.g. /services/content for content.yaml. */
const services = defineCollection({
  loader: glob({ ...serviceFiles }),
  schema: z
    .object({
      order: z
        .number()
        .int()
        .describe('Position of this service in the menus and lists of services: 1 comes first.'),
      card: z
        .object({
          icon: z
            .enum(iconNames, { error: `must be one of the site’s icons: ${iconNames.join(', ')}` })
            .describe('Which icon the card shows.'),
          title: text('The service’s name: the card title, and its link in the header’s services menu.'),
          description: text('Card text.'),
        })
        .describe('The card shown for this service on the home and services pages.'),
      seo,
      hero: z.object({ headline: text('The page headline.'), intro: text('The paragraph under it.') }),
      breadcrumb: text('This page’s name in the breadcrumb trail.'),
      partner: titled.optional().describe('Shopify Partner statement (Shopify page only).'),
      packages: z
        .object({
          heading: text('Heading above the package cards.'),
          intro: text('A sentence under the heading.'),
          items: list(pkg, 'packages').refine(onePopularAtMost, 'only one package can be marked popular'),
          custom: z
            .object({
              name: text('Card title, e.g. "Custom".'),
              priceLabel: text('Shown where a price would be, e.g. "Free quote".'),
              description: text('Who it is for.'),
              features: list(text('One line.'), 'features'),
              ctaLabel: text('Button label.'),
            })
            .optional()
            .describe('A quote-only card after the packages.'),
        })
        .optional(),
      quote: z
        .object({
          heading: text('Heading of the centred quote card.'),
          text: text('Paragraph in the card.'),
          facts: list(text('One short fact.'), 'facts'),
          ctaLabel: text('Button label.'),
        })
        .optional()
        .describe('The centred free-quote card (admin page).'),
      process: steps.optional(),
      addons: z
        .object({ heading: text('Heading of the add-ons list.'), items: list(addon, 'add-ons') })
        .optional(),
      needs: z.object({
        heading: text('Heading, e.g. "What we need from you".'),
        items: list(text('One thing the client provides.'), 'items'),
      }),
      faq,
      footerCta: z.object({
        heading: text('Heading of the closing section.'),
        text: text('A sentence under it.'),
        bookLabel: text('Button that opens the booking page.'),
        emailLabel: text('Button that opens an email to the agency.'),
      }),
      floatingLabel: text('Label of the floating booking button.'),
    })
    .refine((service) => service.packages || service.quote, {
      message: 'a service needs either packages or a quote card',
    }),
});

const about = singleton('about', aboutSchema);

const founders = defineCollection({
  loader: glob({ pattern: '*.md', base: './src/content/founders' }),
  schema: ({ image }) =>
    z.object({
      name: text('Full name.'),
      role: text('Job title, e.g. "Co-Founder".'),
      focus: text('What they look after, e.g. "Content & copywriting".'),
      photo: image().describe('Portrait photo, next to this file, e.g. ./jane.jpg (at least 640 px wide).'),
      photoAlt: text('What the photo shows, for people who cannot see it.'),
      order: z.number().int().describe('Position on the page: 1 comes first.'),
    }),
});

const contact = singleton('contact', contactSchema);

/** The blog's and the case studies' list pages: their copy while empty, and once published. */
const listPages = defineCollection({
  loader: glob({ pattern: '{blog,case-studies}.yaml', base: './src/content/pages' }),
  schema: listPageSchema,
});

const blog = defineCollection({
  loader: glob({ pattern: '*.md', base: './src/content/blog' }),
  schema: blogSchema,
});

const caseStudies = defineCollection({
  loader: glob({ pattern: '*.md', base: './src/content/case-studies' }),
  schema: caseStudySchema,
});

const notFound = singleton('404', notFoundSchema);

const legal = defineCollection({
  loader: glob({ pattern: '*.md', base: './src/content/legal' }),
  schema: z.object({
    title: text('Page headline and title.'),
    description: text('One sentence for search results.').min(50).max(160),
    lastUpdated: z.coerce
      .date()
      .optional()
      .describe('Pin the "Last updated" date (YYYY-MM-DD); without it the build date is shown.'),
  }),
});

/** The business behind the site: its legal name, number, office and VAT (src/content/company.yaml). */
const company = defineCollection({
  loader: glob({ pattern: 'company.yaml', base: './src/content' }),
  schema: companySchema,
});

/**
 * Old addresses that keep working (src/content/redirects.yaml). The build reads them, with each
 * entry's `redirectFrom`, in src/lib/build-time/redirects/redirect-sources.ts; this collection
 * checks the file in the preview and gives it a screen in the editor.
 */
const redirects = defineCollection({
  loader: glob({ pattern: basename(redirectsFile), base: `./${dirname(redirectsFile)}` }),
  schema: redirectsFileSchema,
});

/** The accessibility statement at /accessibility: one file, statement.md. */
const accessibility = defineCollection({
  loader: glob({ pattern: 'statement.md', base: './src/content/accessibility' }),
  schema: accessibilityStatementSchema,
});

export const collections = {
  layout,
  home,
  servicesOverview,
  services,
  about,
  founders,
  contact,
  listPages,
  notFound,
  legal,
  company,
  redirects,
  accessibility,
  blog,
  caseStudies,
};
