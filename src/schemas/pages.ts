/**
 * What each single-file page in src/content/pages/ holds (src/content.config.ts names the files):
 * the site's frame, the home, services overview, about and contact pages, and the 404 page.
 */
import { z } from 'zod';
import { closingCta, faq, list, seo, steps, text, titled } from './fields.ts';

/** The header, footer and cookie banner every page shares. */
export const layoutSchema = z.object({
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
});

export const homeSchema = z.object({
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
});

/** The /services page. */
export const servicesOverviewSchema = z.object({
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
});

export const aboutSchema = z.object({
  seo,
  headline: text('The page headline.'),
  intro: text('The paragraph under the headline.'),
  foundersHeading: text('Heading above the founder profiles.'),
  values: z.object({ heading: text('Heading of the values section.'), items: list(titled, 'values', 3) }),
  closing: closingCta,
});

/** The /contact page, its form and what a visitor sees after sending. */
export const contactSchema = z.object({
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
    company: z
      .object({ heading: text('Card heading, e.g. "Company details".') })
      .describe('The card with the company details from src/content/company.yaml.'),
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
    offline: z
      .object({ title: text('Title.'), description: text('Text.') })
      .describe(
        'Shown when Send is pressed without a connection: the message waits and goes by itself once back online.',
      ),
    dismiss: text('Read aloud for the button that closes a message.'),
  }),
  notSent: z
    .object({
      hint: text('Tells the visitor their message is kept and how to get back to it.'),
      newLabel: text('Link to an empty contact form.'),
    })
    .describe('The page shown when an enquiry sent without JavaScript could not be delivered.'),
});

/** The page of an address that does not exist. */
export const notFoundSchema = z.object({
  seo,
  heading: text('The page headline.'),
  text: text('The paragraph under it.'),
  linkLabel: text('Link back to the home page.'),
});
