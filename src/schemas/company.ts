/**
 * The business behind the site (src/content/company.yaml): what UK law asks a business website to
 * show. Checked by legal form, so a company cannot go live without its number and a sole trader is
 * not asked for one. Plain zod (no Astro import): `npm run launch-check` reads the same schema.
 */
import { z } from 'zod';
import { text } from './fields.ts';

/** Each legal form, with the words the disclosures use and whether Companies House registers it. */
export const legalForms = {
  'private-limited-company': { words: 'a private limited company', registered: true },
  llp: { words: 'a limited liability partnership', registered: true },
  'sole-trader': { words: 'a sole trader', registered: false },
  partnership: { words: 'a partnership', registered: false },
} as const;

export type LegalForm = keyof typeof legalForms;

/** The three UK jurisdictions: where a company is registered, and whose law governs the terms. */
export const partsOfUk = {
  'england-and-wales': 'England and Wales',
  scotland: 'Scotland',
  'northern-ireland': 'Northern Ireland',
} as const;

const formNames = Object.keys(legalForms) as [LegalForm, ...LegalForm[]];
const partNames = Object.keys(partsOfUk) as [keyof typeof partsOfUk, ...(keyof typeof partsOfUk)[]];

/** Companies House numbers: 8 digits (England and Wales), or 2 letters and 6 digits (SC…, NI…, OC…). */
export const companyNumberPattern = /^(\d{8}|[A-Z]{2}\d{6})$/;

/**
 * A UK postcode as Royal Mail writes it: outward code (area letters, district), one space, inward
 * code (digit and two letters), with the letters each position never uses left out.
 */
export const postcodePattern =
  /^([A-PR-UWYZ](\d{1,2}|[A-HK-Y]\d{1,2}|\d[A-HJKPS-UW]|[A-HK-Y]\d[ABEHMNPRV-Y]) \d[ABD-HJLNP-UW-Z]{2}|GIR 0AA)$/;

/** A UK VAT registration number: GB and 9 digits, or 12 for a group or branch. */
export const vatNumberPattern = /^GB(\d{9}|\d{12})$/;

const address = z.object({
  street: text('Building and street, e.g. "Unit 4, 12 High Street".'),
  town: text('Town or city.'),
  postcode: z
    .string()
    .trim()
    .regex(postcodePattern, 'must be a UK postcode in capitals with one space, like SW1A 1AA')
    .describe('Postcode, in capitals with one space, e.g. SW1A 1AA.'),
});

export type Address = z.infer<typeof address>;

export const companySchema = z
  .object({
    legalForm: z
      .enum(formNames, { error: `must be one of: ${formNames.join(', ')}` })
      .describe('How the business is set up: private-limited-company, llp, sole-trader or partnership.'),
    legalName: text(
      'The registered name exactly as at Companies House (e.g. "Scaleworks Ltd"), or the owner’s or partners’ names.',
    ),
    tradingName: z
      .string()
      .trim()
      .min(1, 'must not be empty: leave the line out if you trade under the legal name')
      .optional()
      .describe('The name you trade under, if it differs from the legal name.'),
    companyNumber: z
      .string()
      .trim()
      .regex(companyNumberPattern, 'must be 8 characters: 8 digits, or 2 capital letters and 6 digits')
      .optional()
      .describe(
        "Companies House number (companies and LLPs only), e.g. 01234567 or SC123456. Quote it: '01234567'.",
      ),
    partOfUk: z
      .enum(partNames, { error: `must be one of: ${partNames.join(', ')}` })
      .describe(
        'Where the company is registered (or, for a sole trader or partnership, based): its law governs the terms.',
      ),
    registeredOffice: address.describe(
      'The registered office (companies and LLPs), or the business address (sole traders and partnerships).',
    ),
    placeOfBusiness: address
      .optional()
      .describe('Where you actually work from, if not the registered office: shown on the contact page.'),
    vatNumber: z
      .string()
      .trim()
      .regex(vatNumberPattern, 'must be GB and 9 or 12 digits, no spaces (like GB123456789), or left out')
      .optional()
      .describe('VAT registration number, e.g. GB123456789. Leave the line out when not VAT-registered.'),
    email: z
      .string()
      .trim()
      .regex(/^[^\s@<>"]+@[^\s@<>"]+$/, 'must be an email address, like hello@agency.co.uk')
      .optional()
      .describe(
        'The business’s email for legal and privacy matters; leave out to use the site’s contact address.',
      ),
    phone: z
      .string()
      .trim()
      .regex(/^\+?[\d ()-]{10,20}$/, 'must be a phone number, like 020 7946 0000')
      .optional()
      .describe('Optional phone number, shown on the contact page.'),
  })
  .superRefine((company, context) => {
    const form = legalForms[company.legalForm];
    if (form.registered && !company.companyNumber) {
      context.addIssue({
        code: 'custom',
        path: ['companyNumber'],
        message: `is required for ${form.words}: the 8-character number from Companies House`,
      });
    }
    if (!form.registered && company.companyNumber) {
      context.addIssue({
        code: 'custom',
        path: ['companyNumber'],
        message: `${form.words} has no company number: remove the line, or change legalForm`,
      });
    }
  });

export type Company = z.infer<typeof companySchema>;
