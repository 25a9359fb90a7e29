/**
 * The organisation's legal identity in schema.org terms, from the company entry
 * (src/content/company.yaml): legal name, registered office as a PostalAddress, Companies House
 * number and VAT number. Merged into the Organization node by `organisation()` in
 * structured-data.ts. Not the entry's email for legal matters: the node's email is the contact
 * address every page shows in its footer, and the data claims only what the page shows (the legal
 * address appears on the contact and legal pages alone).
 */
import type { OrganizationLeaf, PostalAddressLeaf } from 'schema-dts';
import type { Address, Company } from '../../../schemas/company.ts';

/**
 * The pages whose Organization node carries the legal identity: the home, about and contact pages,
 * where search engines look for it. Every other page names the same organisation by its @id and
 * spends its first-round-trip bytes on its own content.
 */
export const legalIdentityPages: readonly string[] = ['/', '/about', '/contact'];

export function postalAddress(address: Address): PostalAddressLeaf {
  return {
    '@type': 'PostalAddress',
    streetAddress: address.street,
    addressLocality: address.town,
    postalCode: address.postcode,
    addressCountry: 'GB',
  };
}

type LegalEntity = Pick<OrganizationLeaf, 'legalName' | 'address' | 'identifier' | 'vatID'>;

export function legalEntity(company: Company): LegalEntity {
  return {
    legalName: company.legalName,
    address: postalAddress(company.registeredOffice),
    ...(company.companyNumber && {
      identifier: {
        '@type': 'PropertyValue',
        propertyID: 'Companies House company number',
        value: company.companyNumber,
      },
    }),
    ...(company.vatNumber && { vatID: company.vatNumber }),
  };
}
