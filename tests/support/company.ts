/** The company entry as shipped (src/content/company.yaml), checked by its schema: tests read expected values here. */
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { parse } from 'yaml';
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
