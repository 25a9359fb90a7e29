/**
 * The fields several content schemas share (src/content.config.ts and its neighbours here): one
 * wording for each rule, so an editor meets the same hint and error message on every page.
 */
import { z } from 'zod';

export const text = (description: string) =>
  z.string().trim().min(1, 'must not be empty').describe(description);

export const seo = z
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

export const titled = z.object({
  title: text('Short heading.'),
  description: text('One or two sentences under the heading.'),
});

export const list = <T extends z.ZodType>(item: T, what: string, min = 1) =>
  z.array(item).min(min, `add at least ${min} ${what}`).describe(`A list of ${what}.`);

export const faq = z
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

export const steps = z
  .object({
    heading: text('Heading above the steps.'),
    steps: list(titled, 'steps'),
  })
  .describe('A numbered process; the numbers follow the order of the list.');

export const closingCta = z.object({
  heading: text('Closing call-to-action heading.'),
  text: text('A sentence under the heading.'),
  bookLabel: text('Label of the button that opens the booking page.'),
});

export const addon = z.object({
  name: text('What the add-on is, e.g. "Extra blog post".'),
  price,
  unit: z.string().trim().optional().describe('Optional, e.g. "per page" or "per blog".'),
});

export const pkg = z.object({
  name: text('Package name, e.g. "Growth Copy Package".'),
  price,
  description: text('One sentence on who the package is for.'),
  features: list(text('One line of what is included.'), 'features'),
  addons: z.array(addon).optional().describe('Add-ons offered with this package only.'),
  footnote: text('Small print under the features, e.g. the turnaround.'),
  ctaLabel: text('Button label, e.g. "Book a Call".'),
  popular: z.boolean().default(false).describe('true marks this package "Most Popular" (one per page).'),
});

export const onePopularAtMost = (items: { popular: boolean }[]) =>
  items.filter((item) => item.popular).length <= 1;
