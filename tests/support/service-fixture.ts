/**
 * A fourth service for the test site: one new file in src/content/services/ with an icon the site
 * already draws, and no other change. Its id sorts before two of the three services while its
 * `order`, one more than the highest the content has, puts it last, so a list in file order would
 * show it elsewhere.
 */
import { stringify } from 'yaml';
import type { ProjectCopy } from './project-copy.ts';
import { content } from './content.ts';

export const fourthService = {
  id: 'bookkeeping-payroll',
  name: 'Bookkeeping & Payroll',
  headline: 'Bookkeeping & Payroll Support',
  icon: 'calendar',
  packages: ['Monthly Books', 'Books and Payroll'],
  questions: ['Do you work with my accountant?', 'Which software do you use?'],
} as const;

const { name, headline, icon, packages, questions } = fourthService;

const file = {
  order: Math.max(...content.services.map((service) => Number(service['order']))) + 1,
  card: {
    icon,
    title: name,
    description: 'Tidy monthly books and an on-time payroll, kept by UK-based bookkeepers.',
  },
  seo: {
    title: name,
    description:
      'Monthly bookkeeping and payroll from UK-based bookkeepers. Fixed monthly packages from {lowestPrice}.',
  },
  hero: {
    headline,
    intro: 'Hand over the receipts and the payslips; we keep the books ready for your accountant.',
  },
  breadcrumb: name,
  packages: {
    heading: 'Choose your package',
    intro: 'Two fixed monthly packages, or a quote for anything larger.',
    items: [
      {
        name: packages[0],
        price: 150,
        description: 'For sole traders and small teams.',
        features: ['Bank reconciliation', 'Monthly report'],
        footnote: 'Billed monthly.',
        ctaLabel: 'Book a Call',
      },
      {
        name: packages[1],
        price: 290,
        description: 'For teams with staff to pay.',
        features: ['Everything in Monthly Books', 'Payroll for up to 10 people'],
        footnote: 'Billed monthly.',
        ctaLabel: 'Book a Call',
        popular: true,
      },
    ],
    custom: {
      name: 'Custom',
      priceLabel: 'Free quote',
      description: 'For larger payrolls.',
      features: ['A plan for your size'],
      ctaLabel: 'Get a Quote',
    },
  },
  quote: {
    heading: 'Not sure which package?',
    text: 'Tell us how many transactions and people you have, and we will price it.',
    facts: ['Reply within a day'],
    ctaLabel: 'Ask for a Quote',
  },
  needs: { heading: 'What we need from you', items: ['Read access to your bank feeds'] },
  faq: {
    heading: 'Frequently asked questions',
    items: [
      { question: questions[0], answer: 'Yes: we hand over clean books at the year end.' },
      { question: questions[1], answer: 'Xero or QuickBooks, whichever you already use.' },
    ],
  },
  footerCta: {
    heading: 'Ready to hand over the books?',
    text: 'Book a short call and we will plan the first month.',
    bookLabel: 'Book a Call',
    emailLabel: 'Email Us',
  },
  floatingLabel: 'Book a discovery call',
};

export function writeServiceFixture(site: ProjectCopy) {
  site.write(
    `src/content/services/${fourthService.id}.yaml`,
    `# The Bookkeeping & Payroll page, written by the integration tests.\n${stringify(file)}`,
  );
}
