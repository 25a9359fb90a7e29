import { describe, expect, it } from 'vitest';
import { companySchema } from '@/schemas/company';
import { realCompany, currentCompany } from '#support/company.ts';

/** The issues zod reports for an entry, as `field: message`. */
function problems(entry: Record<string, unknown>): string[] {
  const result = companySchema.safeParse(entry);
  return result.success
    ? []
    : result.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);
}

const without = (key: string) => Object.fromEntries(Object.entries(realCompany).filter(([k]) => k !== key));

describe('the company entry', () => {
  it('accepts the shipped file and a real limited company', () => {
    expect(() => currentCompany()).not.toThrow();
    expect(problems(realCompany)).toEqual([]);
  });

  it('requires a company number of a private limited company and of an LLP', () => {
    for (const legalForm of ['private-limited-company', 'llp']) {
      expect(problems({ ...without('companyNumber'), legalForm })).toEqual([
        expect.stringMatching(
          /^companyNumber: is required for a (private limited company|limited liability partnership)/,
        ),
      ]);
    }
    expect(problems({ ...realCompany, legalForm: 'llp', companyNumber: 'OC123456' })).toEqual([]);
  });

  it('refuses a company number for a sole trader or a partnership, and needs none', () => {
    for (const legalForm of ['sole-trader', 'partnership']) {
      expect(problems({ ...realCompany, legalForm })).toEqual([
        expect.stringMatching(/^companyNumber: .* has no company number/),
      ]);
      expect(problems({ ...without('companyNumber'), legalForm })).toEqual([]);
    }
  });

  it('accepts 8 digits or 2 letters and 6 digits as a company number, nothing else', () => {
    for (const good of ['01234567', 'SC123456', 'NI123456', 'OC123456']) {
      expect(problems({ ...realCompany, companyNumber: good })).toEqual([]);
    }
    for (const bad of ['1234567', '123456789', 'SC12345', 'sc123456', 'S1234567', '1234 5678']) {
      expect(problems({ ...realCompany, companyNumber: bad })).toEqual([
        'companyNumber: must be 8 characters: 8 digits, or 2 capital letters and 6 digits',
      ]);
    }
  });

  it('accepts real UK postcode shapes and refuses others', () => {
    const office = (postcode: string) => ({
      ...realCompany,
      registeredOffice: { ...realCompany.registeredOffice, postcode },
    });
    for (const good of [
      'SW1A 1AA',
      'M1 1AE',
      'B33 8TH',
      'CR2 6XH',
      'DN55 1PT',
      'EC1A 1BB',
      'W1A 0AX',
      'GIR 0AA',
    ]) {
      expect(problems(office(good))).toEqual([]);
    }
    for (const bad of [
      'SW1A1AA',
      'sw1a 1aa',
      'QA1 1AA',
      'AJ1 1AA',
      'SW1A 1CA',
      '12345',
      'SW1A  1AA',
      'XX1 1XX',
    ]) {
      expect(problems(office(bad))).toEqual([
        'registeredOffice.postcode: must be a UK postcode in capitals with one space, like SW1A 1AA',
      ]);
    }
  });

  it('accepts GB and 9 or 12 digits as a VAT number, or none', () => {
    for (const good of ['GB123456789', 'GB123456789012'])
      expect(problems({ ...realCompany, vatNumber: good })).toEqual([]);
    expect(problems(without('vatNumber'))).toEqual([]);
    for (const bad of ['123456789', 'GB12345678', 'GB1234567890', 'GB 123 4567 89', 'XI123456789']) {
      expect(problems({ ...realCompany, vatNumber: bad })).toEqual([
        expect.stringMatching(/^vatNumber: must be GB and 9 or 12 digits/),
      ]);
    }
  });

  it('names the field of an unknown legal form or part of the UK', () => {
    expect(problems({ ...realCompany, legalForm: 'plc' })).toEqual([
      expect.stringMatching(/^legalForm: must be one of/),
    ]);
    expect(problems({ ...realCompany, partOfUk: 'wales' })).toEqual([
      expect.stringMatching(/^partOfUk: must be one of/),
    ]);
  });
});
