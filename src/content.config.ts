/**
 * What editors may write in src/content/, and what each field means. Astro checks every file
 * against these schemas during `astro build`/`astro dev`; a wrong field fails the build with the
 * file and the field named. Descriptions (`.describe`) are the editor's field guide.
 */
import { defineCollection, reference, type SchemaContext } from 'astro:content';
import { glob } from 'astro/loaders';
import { z } from 'astro/zod';
import * as iconPaths from './lib/shared/icon-paths.ts';
import { serviceFiles } from './lib/build/service-files.ts';

const text = (description: string) => z.string().trim().min(1, 'must not be empty').describe(description);

const seo = z
  .object({
    title: text('Page title, shown in the browser tab and search results. The brand is added after it.').max(
      60,
      'keep the title under 60 characters so search results do not cut it',
    ),
    description: text('One or two sentences for search results and link previews.')
      .min(50, 'write at least 50 characters')
      .max(160, 'keep it under 160 characters so search results do not cut it'),
  })
  .describe('Search and link-preview text for this page.');

const price = z
  .number({ error: 'must be a number of pounds, like 499 (no £ sign, no quotes)' })
  .positive('must be more than 0')
  .describe('Price in pounds sterling, as a plain number: 1500 means £1,500.');

const titled = z.object({
  title: text('Short heading.'),
  description: text('One or two sentences under the heading.'),
});

const list = <T extends z.ZodType>(item: T, what: string, min = 1) =>
  z.array(item).min(min, `add at least ${min} ${what}`).describe(`A list of ${what}.`);

const faq = z
  .object({
    heading: text('Heading above the questions.'),
    items: list(
      z.object({
        question: text('The question, as a visitor would ask it.'),
        answer: text('The answer, in plain sentences.'),
      }),
      'questions',
    ),
  })
  .describe('Frequently asked questions, shown as an accordion.');

const steps = z
  .object({
    heading: text('Heading above the steps.'),
    steps: list(titled, 'steps'),
  })
  .describe('A numbered process; the numbers follow the order of the list.');

const closingCta = z.object({
  heading: text('Closing call-to-action heading.'),
  text: text('A sentence under the heading.'),
  bookLabel: text('Label of the button that opens the booking page.'),
});

const addon = z.object({
  name: text('What the add-on is, e.g. "Extra blog post".'),
  price,
  unit: z.string().trim().optional().describe('Optional, e.g. "per page" or "per blog".'),
});

const pkg = z.object({
  name: text('Package name, e.g. "Growth Copy Package".'),
  price,
  description: text('One sentence on who the package is for.'),
  features: list(text('One line of what is included.'), 'features'),
  addons: z.array(addon).optional().describe('Add-ons offered with this package only.'),
  footnote: text('Small print under the features, e.g. the turnaround.'),
  ctaLabel: text('Button label, e.g. "Book a Call".'),
  popular: z.boolean().default(false).describe('true marks this package "Most Popular" (one per page).'),
});

const onePopularAtMost = (items: { popular: boolean }[]) => items.filter((item) => item.popular).length <= 1;

const singleton = <T extends z.ZodType>(file: string, schema: T) =>
  defineCollection({ loader: glob({ pattern: `${file}.yaml`, base: './src/content/pages' }), schema });

const layout = singleton(
  'layout',
  z.object({
    skipLink: text('Text of the "skip to content" link for keyboard users.'),
    menuLabel: text('Label of the menu button on phones.'),
    bookLabel: text('Header button that opens the booking page.'),
    newTabHint: text('Read aloud after links that open a new tab.'),
    footer: z.object({
      tagline: text('Line under the logo in the footer.'),
      navHeading: text('Heading of the footer navigation column.'),
      contactHeading: text('Heading of the footer contact column.'),
      badge: text('Text of the partner badge.'),
      copyright: text('Copyright line; {year} and {brand} are filled in.'),
    }),
    consent: z
      .object({
        heading: text('Heading of the cookie banner.'),
        text: text('What accepting allows; {services} is filled in with the analytics services in use.'),
        policyLink: text('Link to the cookie section of the privacy policy.'),
        accept: text('Button that accepts analytics cookies.'),
        reject: text('Button that rejects them (as prominent as Accept).'),
        settings: text('Footer button that opens the banner again to change the choice.'),
      })
      .describe('The cookie banner and its footer button, shown only when analytics are configured.'),
  }),
);

const home = singleton(
  'home',
  z.object({
    seo,
    hero: z.object({
      headline: text('The big headline.'),
      subline: text('The line under the headline.'),
      bookLabel: text('Button that opens the booking page.'),
      workLabel: text('Button that links to the case studies.'),
      scrollLabel: text('Read aloud for the scroll indicator.'),
    }),
    services: z.object({
      heading: text('Heading of the services section.'),
      intro: text('A sentence under the heading.'),
      linkLabel: text('Link label on each service card.'),
    }),
    values: z.object({ heading: text('Heading of the values section.'), items: list(titled, 'values', 3) }),
    recentWork: z
      .object({
        heading: text('Heading of the strip.'),
        linkLabel: text('Link to every case study under the strip.'),
      })
      .describe('The "Recent work" strip: the latest three case studies, shown once any is published.'),
    closing: closingCta,
  }),
);

const servicesOverview = singleton(
  'services',
  z.object({
    seo,
    hero: z.object({
      headline: text('The big headline.'),
      intro: text('The paragraph under the headline.'),
      bookLabel: text('Button that opens the booking page.'),
      contactLabel: text('Button that links to the contact page.'),
    }),
    cards: z.object({
      heading: text('Heading above the service cards.'),
      linkLabel: text('Link label on each card.'),
    }),
    whyChoose: z.object({
      heading: text('Heading; {brand} is filled in.'),
      points: list(titled, 'points', 4),
    }),
    process: steps,
    faq,
    closing: closingCta.extend({ contactLabel: text('Button that links to the contact page.') }),
  }),
);

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

const about = singleton(
  'about',
  z.object({
    seo,
    headline: text('The page headline.'),
    intro: text('The paragraph under the headline.'),
    foundersHeading: text('Heading above the founder profiles.'),
    values: z.object({ heading: text('Heading of the values section.'), items: list(titled, 'values', 3) }),
    closing: closingCta,
  }),
);

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

const contact = singleton(
  'contact',
  z.object({
    seo,
    heading: text('The page headline.'),
    intro: text('The paragraph under the headline.'),
    form: z.object({
      heading: text('Heading above the form.'),
      name: text('Label of the name field.'),
      email: text('Label of the email field.'),
      company: text('Label of the company field.'),
      projectType: text('Label of the project type menu.'),
      budgetRange: text('Label of the budget menu.'),
      message: text('Label of the message field.'),
      choose: text('First, empty choice of each menu.'),
      optional: text('Hint after optional fields.'),
      submit: text('Send button.'),
      sending: text('Send button while sending.'),
    }),
    sidebar: z.object({
      chat: z.object({
        heading: text('Card heading.'),
        text: text('Card text.'),
        bookLabel: text('Button label.'),
      }),
      email: z.object({ heading: text('Card heading.'), text: text('Card text.') }),
    }),
    scheduler: z.object({
      heading: text('Heading above the embedded booking calendar.'),
      frameTitle: text('Read aloud for the embedded calendar.'),
    }),
    sent: z.object({
      heading: text('Heading of the panel shown after sending.'),
      text: text('Paragraph in that panel.'),
      bookLabel: text('Button that opens the booking page.'),
      againLabel: text('Button that shows the form again.'),
    }),
    toasts: z.object({
      success: z.object({ title: text('Title.'), description: text('Text.') }),
      error: z.object({ title: text('Title.'), description: text('Text; {email} is filled in.') }),
      dismiss: text('Read aloud for the button that closes a message.'),
    }),
    notSent: z
      .object({
        hint: text('Tells the visitor their message is kept and how to get back to it.'),
        newLabel: text('Link to an empty contact form.'),
      })
      .describe('The page shown when an enquiry sent without JavaScript could not be delivered.'),
  }),
);

const placeholders = defineCollection({
  loader: glob({ pattern: '{blog,case-studies}.yaml', base: './src/content/pages' }),
  schema: z.object({
    seo,
    heading: text('The page headline.'),
    text: text('The paragraph under it, shown while nothing is published ("coming soon").'),
    links: list(
      z.object({ label: text('Link text.'), href: text('Where it goes, e.g. /services.') }),
      'links',
    ),
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
  }),
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
});

const hasCoverAlt = (entry: { cover?: unknown; coverAlt?: string | undefined }) =>
  !entry.cover || entry.coverAlt !== undefined;
const coverAltMissing = { message: 'describe the cover for people who cannot see it', path: ['coverAlt'] };

const blog = defineCollection({
  loader: glob({ pattern: '*.md', base: './src/content/blog' }),
  schema: ({ image }) =>
    z
      .object({
        ...article(image),
        author: reference('founders').describe('Who wrote it: a founder’s file name, e.g. amelia-hart.'),
      })
      .refine(hasCoverAlt, coverAltMissing),
});

const caseStudies = defineCollection({
  loader: glob({ pattern: '*.md', base: './src/content/case-studies' }),
  schema: ({ image }) =>
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
      .refine(hasCoverAlt, coverAltMissing),
});

const notFound = singleton(
  '404',
  z.object({
    seo,
    heading: text('The page headline.'),
    text: text('The paragraph under it.'),
    linkLabel: text('Link back to the home page.'),
  }),
);

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

export const collections = {
  layout,
  home,
  servicesOverview,
  services,
  about,
  founders,
  contact,
  placeholders,
  notFound,
  legal,
  blog,
  caseStudies,
};
