/**
 * The company entry as the repository holds it now (src/content/company.yaml), checked by its
 * schema: tests read expected values here, whether it is still the example or a real business.
 * A test about a fresh checkout writes its own `exampleCompany` instead.
 */
import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { parse, stringify } from 'yaml';
import { companySchema, type Company } from '#src/schemas/company.ts';

/** Where a project keeps its company entry. */
const companyEntryPath = 'src/content/company.yaml';

export const companyFile = resolve(import.meta.dirname, '../..', companyEntryPath);

export const currentCompany = (): Company => companySchema.parse(parse(readFileSync(companyFile, 'utf8')));

/** Writes `yaml` as the company entry of the project in `root`. */
export function writeCompany(root: string, yaml: string) {
  const file = join(root, companyEntryPath);
  mkdirSync(dirname(file), { recursive: true });
  writeFileSync(file, yaml);
}

/** A temporary project folder holding only the company entry `yaml`, for the launch check to read. */
export function projectWithCompany(yaml: string): string {
  const root = mkdtempSync(join(tmpdir(), 'launch-check-'));
  writeCompany(root, yaml);
  return root;
}

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

/** The entry of a fresh checkout: every name, address and number an example ("Example …", zeros). */
export const exampleCompany: Company = {
  ...realCompany,
  legalName: 'Example Agency Ltd',
  companyNumber: '00000000',
  registeredOffice: { street: '1 Example Street', town: 'Exampleton', postcode: 'SW1A 1AA' },
  vatNumber: 'GB000000000',
};

export const exampleCompanyYaml = stringify(exampleCompany);

/** Every setting the launch check asks for, at live values (the mail server's too). */
export const liveEnv = {
  SITE_URL: 'https://www.northfield.co.uk',
  PUBLIC_BOOKING_URL: 'https://cal.com/northfield/30min',
  PUBLIC_CONTACT_EMAIL: 'hello@northfield.co.uk',
  SMTP_HOST: 'smtp.northfield.co.uk',
  MAIL_FROM: 'website@northfield.co.uk',
  MAIL_TO: 'hello@northfield.co.uk',
};

/**
 * The same settings blank, as on a fresh checkout (a blank value counts as unset), the brand name
 * too: a copy made with them takes none of its settings from the environment the tests run in.
 */
export const unsetEnv = Object.fromEntries(
  [
    ...Object.keys(liveEnv),
    'PUBLIC_BRAND_NAME',
    'URL',
    'PUBLIC_GA_ID',
    'PUBLIC_CLARITY_ID',
    'CONTEXT',
    'NETLIFY',
    'ALERT_WEBHOOK_URL',
    'ALERT_AFTER_MINUTES',
  ].map((name) => [name, '']),
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
