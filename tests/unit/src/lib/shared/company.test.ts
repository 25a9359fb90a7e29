import { describe, expect, it } from 'vitest';
import {
  disclosureParts,
  exampleFields,
  governingLaw,
  legalIdentity,
  vatStatement,
} from '@/lib/shared/company';
import { legalEntity } from '@/lib/build-time/structured-data/structured-data-company';
import { exampleCompany, realCompany } from '#support/company.ts';

describe('the disclosures built from the company entry', () => {
  it('say the legal name, the form, where registered, the number, the office and the VAT number', () => {
    const [identity, office, vat] = disclosureParts(realCompany);
    expect(identity).toBe(
      'Northfield Digital Ltd is a private limited company registered in England and Wales, company number 12345678',
    );
    expect(office).toBe('Registered office: 12 High Street, Leeds LS1 4AB');
    expect(vat).toBe('VAT number GB123456789');
  });

  it('give an unregistered business its form and address, with no number and no VAT line when unregistered', () => {
    const { companyNumber: _, vatNumber: __, ...rest } = realCompany;
    const soleTrader = {
      ...rest,
      legalForm: 'sole-trader' as const,
      legalName: 'Jo Bloggs',
      tradingName: 'Northfield',
    };
    expect(disclosureParts(soleTrader)).toEqual([
      'Jo Bloggs, trading as Northfield, a sole trader based in England and Wales',
      'Business address: 12 High Street, Leeds LS1 4AB',
    ]);
    expect(legalIdentity({ ...soleTrader, legalForm: 'partnership' })).toContain('a partnership');
  });

  it('state VAT by registration, and the governing law by part of the UK', () => {
    const { vatNumber: _, ...unregistered } = realCompany;
    expect(vatStatement(realCompany)).toMatch(/plus VAT/);
    expect(vatStatement(unregistered)).toMatch(/no VAT is charged/i);
    expect(governingLaw({ ...realCompany, partOfUk: 'scotland' })).toBe('the laws of Scotland');
  });
});

describe('the example values', () => {
  it('are every value of a fresh checkout’s entry that still needs replacing', () => {
    expect(exampleFields(exampleCompany)).toEqual([
      'legalName',
      'companyNumber',
      'registeredOffice.street',
      'registeredOffice.town',
      'registeredOffice.postcode',
      'vatNumber',
    ]);
  });

  it('are none in a real entry', () => {
    expect(exampleFields(realCompany)).toEqual([]);
    expect(exampleFields({ ...realCompany, email: 'legal@northfield.example' })).toEqual(['email']);
    const office = { ...realCompany.registeredOffice, postcode: 'sw1a1aa' };
    expect(exampleFields({ ...realCompany, placeOfBusiness: office })).toEqual(['placeOfBusiness.postcode']);
  });
});

describe('the organisation’s legal identity for search engines', () => {
  it('carries the legal name, a PostalAddress, the number as an identifier and the VAT ID', () => {
    expect(legalEntity(realCompany)).toEqual({
      legalName: 'Northfield Digital Ltd',
      address: {
        '@type': 'PostalAddress',
        streetAddress: '12 High Street',
        addressLocality: 'Leeds',
        postalCode: 'LS1 4AB',
        addressCountry: 'GB',
      },
      identifier: {
        '@type': 'PropertyValue',
        propertyID: 'Companies House company number',
        value: '12345678',
      },
      vatID: 'GB123456789',
    });
  });

  it('leaves out the identifier and VAT ID a business does not have, and the entry’s legal email', () => {
    const { companyNumber: _, vatNumber: __, ...rest } = realCompany;
    const entity = legalEntity({ ...rest, legalForm: 'sole-trader', email: 'jo@northfield.co.uk' });
    expect(entity).not.toHaveProperty('identifier');
    expect(entity).not.toHaveProperty('vatID');
    // The Organization's email stays the contact address the pages show (structured-data.test.ts).
    expect(entity).not.toHaveProperty('email');
  });
});
