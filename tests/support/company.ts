/** The company entry as shipped (src/content/company.yaml), checked by its schema: tests read expected values here. */
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { parse, stringify } from 'yaml';
import { companySchema, type Company } from '../../src/schemas/company.ts';

export const companyFile = resolve(import.meta.dirname, '../../src/content/company.yaml');

export const shippedCompany = (): Company => companySchema.parse(parse(readFileSync(companyFile, 'utf8')));

/** A complete, real-looking entry for a limited company: no example values. */
export const realCompany: Company = {
  legalForm: 'private-limited-company',
  legalName: 'Northfield Digital Ltd',
  companyNumber: '12345678',
  partOfUk: 'england-and-wales',
  registeredOffice: { street: '12 High Street', town: 'Leeds', postcode: 'LS1 4AB' },
  vatNumber: 'GB123456789',
};

/** `realCompany` as the file an agency would write. */
export const realCompanyYaml = stringify(realCompany);

/** Every setting the launch check asks for, at live values (the mail server's too). */
export const liveEnv = {
  SITE_URL: 'https://www.northfield.co.uk',
  PUBLIC_BOOKING_URL: 'https://cal.com/northfield/30min',
  PUBLIC_CONTACT_EMAIL: 'hello@northfield.co.uk',
  SMTP_HOST: 'smtp.northfield.co.uk',
  MAIL_FROM: 'website@northfield.co.uk',
  MAIL_TO: 'hello@northfield.co.uk',
};

/** The same settings blank, as on a fresh checkout (a blank value counts as unset). */
export const unsetEnv = Object.fromEntries(
  [...Object.keys(liveEnv), 'URL', 'PUBLIC_GA_ID', 'PUBLIC_CLARITY_ID', 'CONTEXT', 'NETLIFY'].map((name) => [
    name,
    '',
  ]),
);

/** What the launch check must name on a fresh checkout: the three addresses and the company entry. */
export const freshCheckoutPlaceholders = [
  'SITE_URL',
  'PUBLIC_BOOKING_URL',
  'PUBLIC_CONTACT_EMAIL',
  'src/content/company.yaml: legalName',
];

/** Fails unless `output` names every placeholder of a fresh checkout. */
export function expectFreshCheckoutNamed(
  output: string,
  expect: (value: string) => { toContain(part: string): void },
) {
  for (const name of freshCheckoutPlaceholders) expect(output).toContain(name);
}
