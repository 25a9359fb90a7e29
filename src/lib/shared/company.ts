/**
 * The sentences UK law asks for, built from the company entry (src/content/company.yaml, schema in
 * src/schemas/company.ts): the footer's and contact page's disclosure, the terms' governing law,
 * the service pages' VAT statement, and which of the entry's values are still the shipped examples.
 * Pure, so the pages, the launch check and the tests share one wording.
 */
import { legalForms, partsOfUk, type Address, type Company } from '../../schemas/company.ts';

export const formatAddress = (address: Address) => `${address.street}, ${address.town} ${address.postcode}`;

/** The name the public knows: the trading name, else the legal name. */
export const publicName = (company: Company) => company.tradingName ?? company.legalName;

/** Where the company is registered, or (sole trader, partnership) based. */
export const partOfUkName = (company: Company) => partsOfUk[company.partOfUk];

/**
 * "Example Agency Ltd is a private limited company registered in England and Wales, company number
 * 01234567", or for an unregistered business "Jane Smith, a sole trader, trading as …".
 */
export function legalIdentity(company: Company): string {
  const form = legalForms[company.legalForm];
  const trading = company.tradingName ? `, trading as ${company.tradingName}` : '';
  if (!form.registered)
    return `${company.legalName}${trading}, ${form.words} based in ${partOfUkName(company)}`;
  return (
    `${company.legalName}${trading} is ${form.words} registered in ${partOfUkName(company)}, ` +
    `company number ${company.companyNumber ?? ''}`
  );
}

/** The address line: the registered office for companies and LLPs, else the business address. */
export function officeLine(company: Company): { label: string; address: string } {
  const label = legalForms[company.legalForm].registered ? 'Registered office' : 'Business address';
  return { label, address: formatAddress(company.registeredOffice) };
}

export const vatLine = (company: Company) =>
  company.vatNumber ? `VAT number ${company.vatNumber}` : undefined;

/** What every page's footer shows (reg 25 of the 2015 Regulations; reg 6 of the 2002 ones). */
export function disclosureParts(company: Company): string[] {
  const office = officeLine(company);
  return [legalIdentity(company), `${office.label}: ${office.address}`, vatLine(company)].filter(
    (part): part is string => part !== undefined,
  );
}

/** Next to prices: whether they include VAT, so no visitor is surprised by the invoice. */
export const vatStatement = (company: Company) =>
  company.vatNumber ? 'Prices are plus VAT.' : 'No VAT is charged: we are not VAT-registered.';

/** The law the terms are governed by, and whose courts hear a dispute. */
export const governingLaw = (company: Company) => `the laws of ${partOfUkName(company)}`;

// The shipped file's values: "Example …" names and addresses, a .example email, numbers of zeros,
// and a postcode no agency's office has (Buckingham Palace's), which passes for a real one.
const exampleText = /example/i;
const zeros = /^(GB)?[A-Z]{0,2}0+$/;
const examplePostcode = /^SW1A\s*1AA$/i;

/** The entry's fields still holding an example value, as dotted paths (`registeredOffice.street`). */
export function exampleFields(company: Company): string[] {
  const fields: string[] = [];
  const visit = (value: unknown, path: string) => {
    if (typeof value === 'string') {
      const examplePlace = path.endsWith('postcode') && examplePostcode.test(value.trim());
      if (examplePlace || exampleText.test(value) || zeros.test(value)) fields.push(path);
    } else if (value && typeof value === 'object') {
      for (const [key, inner] of Object.entries(value)) visit(inner, path ? `${path}.${key}` : key);
    }
  };
  visit(company, '');
  return fields;
}
