/**
 * Structured data (schema.org JSON-LD) for crawlers, built as typed data from the same content
 * entries and site settings the pages render, so no name, price or answer is written twice.
 * Pure: pages pass their content in; nothing here reads files or imports `astro:content`.
 *
 * Every page carries one `@graph`: the organisation and the website, then the page's own nodes
 * (a service with its offers, the breadcrumb trail, the FAQ, the founders). Nodes point at each
 * other by `@id` URLs, so the organisation is described once and referenced everywhere else.
 * Each node carries what search engines read and no more: every byte here is sent with the page.
 */
import type {
  BreadcrumbListLeaf,
  CountryLeaf,
  IdReference,
  OfferLeaf,
  OrganizationLeaf,
  PersonLeaf,
  ReserveActionLeaf,
  ServiceLeaf,
  WebSiteLeaf,
} from 'schema-dts';
import { absoluteUrl } from '../head.ts';
import { logoImage } from '../images/brand-images.ts';
import { routePath } from '../../shared/routes.ts';
import { legalEntity } from './structured-data-company.ts';
import type { Company } from '../../../schemas/company.ts';

/** The site settings the graph is built from: `site` in src/site.config.ts. */
export interface SiteSettings {
  brand: string;
  tagline: string;
  /** Absolute origin, e.g. https://www.agency.example */
  url: string;
  email: string;
  bookingUrl: string;
  /** BCP 47 locale, e.g. en-GB: the language of the pages and, by its region, the country served. */
  locale: string;
}

export interface Crumb {
  label: string;
  /** Absent on the last crumb: the page itself. */
  href?: string | undefined;
}

/** The parts of a service's content file (src/content/services/*.yaml) the graph uses. */
export interface ServiceContent {
  card: { title: string; description: string };
  packages?:
    { items: readonly { name: string; price: number }[]; custom?: { name: string } | undefined } | undefined;
  quote?: { heading: string } | undefined;
}

/** A founder's profile (src/content/founders/*.md) with the path of their built photo. */
export interface FounderContent {
  /** The content file's name, e.g. "amelia-hart": the anchor of the person's @id. */
  id: string;
  name: string;
  role: string;
  focus: string;
  /** Site path of the photo, e.g. /_astro/amelia-hart.abc.jpg */
  image?: string | undefined;
}

/** The JSON-LD document of one page. */
interface JsonLdGraph {
  '@context': 'https://schema.org';
  '@graph': readonly object[];
}

/** Prices in the content files are pounds sterling (see `price` in src/schemas/fields.ts). */
const priceCurrency = 'GBP';

/** The absolute URL of a page from the path Astro renders it at (`/about.html` → …/about). */
export function pageUrl(path: string, origin: string): string {
  return absoluteUrl(routePath(path), origin);
}

/** The `@id` of every node, so nodes can refer to each other across pages. */
export const ids = {
  organisation: (origin: string) => `${absoluteUrl('/', origin)}#organisation`,
  website: (origin: string) => `${absoluteUrl('/', origin)}#website`,
  service: (page: string) => `${page}#service`,
  breadcrumb: (page: string) => `${page}#breadcrumb`,
  person: (page: string, id: string) => `${page}#${id}`,
};

const ref = (id: string): IdReference => ({ '@id': id });

/** The country of the locale's region: en-GB → United Kingdom (a locale without a region is refused). */
function countryServed(locale: string): CountryLeaf {
  const region = new Intl.Locale(locale).region;
  const name = region && new Intl.DisplayNames([locale], { type: 'region' }).of(region);
  if (!region || !name) throw new Error(`The locale ${locale} names no country`);
  return { '@type': 'Country', name, identifier: region };
}

/** Booking the discovery call on the external scheduling page. */
function bookingAction(settings: SiteSettings, label: string): ReserveActionLeaf {
  return {
    '@type': 'ReserveAction',
    name: label,
    target: { '@type': 'EntryPoint', urlTemplate: settings.bookingUrl },
  };
}

/**
 * The agency. `bookLabel` is the header's booking button label (src/content/pages/layout.yaml);
 * `company` its legal identity (src/content/company.yaml).
 */
function organisation(settings: SiteSettings, bookLabel: string, company?: Company): OrganizationLeaf {
  return {
    '@type': 'Organization',
    '@id': ids.organisation(settings.url),
    name: settings.brand,
    url: absoluteUrl('/', settings.url),
    logo: absoluteUrl(logoImage.path, settings.url),
    slogan: settings.tagline,
    email: settings.email,
    areaServed: countryServed(settings.locale),
    potentialAction: bookingAction(settings, bookLabel),
    ...(company && legalEntity(company)),
  };
}

function website(settings: SiteSettings): WebSiteLeaf {
  return {
    '@type': 'WebSite',
    '@id': ids.website(settings.url),
    url: absoluteUrl('/', settings.url),
    name: settings.brand,
    inLanguage: settings.locale,
    publisher: ref(ids.organisation(settings.url)),
  };
}

/** The trail shown above the page's headline, crumb for crumb; the last crumb is the page. */
export function breadcrumbList(crumbs: readonly Crumb[], path: string, origin: string): BreadcrumbListLeaf {
  const page = pageUrl(path, origin);
  return {
    '@type': 'BreadcrumbList',
    '@id': ids.breadcrumb(page),
    itemListElement: crumbs.map((crumb, index) => ({
      '@type': 'ListItem',
      position: index + 1,
      name: crumb.label,
      item: crumb.href === undefined ? page : pageUrl(crumb.href, origin),
    })),
  };
}

/**
 * One offer per package card, in the page's order: priced ones in pounds, then the quote-only
 * ones (the Custom card, the admin quote card) without a price.
 */
function serviceOffers(content: ServiceContent): OfferLeaf[] {
  const priced = (content.packages?.items ?? []).map((item): OfferLeaf => ({
    '@type': 'Offer',
    name: item.name,
    price: item.price,
    priceCurrency,
  }));
  const quoteOnly = [content.packages?.custom?.name, content.quote?.heading].flatMap((name) =>
    name ? [{ '@type': 'Offer', name } as const] : [],
  );
  return [...priced, ...quoteOnly];
}

function service(content: ServiceContent, path: string, settings: SiteSettings): ServiceLeaf {
  const page = pageUrl(path, settings.url);
  return {
    '@type': 'Service',
    '@id': ids.service(page),
    name: content.card.title,
    description: content.card.description,
    url: page,
    provider: ref(ids.organisation(settings.url)),
    offers: serviceOffers(content),
  };
}

/**
 * A service page's own nodes: the service with its offers and the breadcrumb trail. No FAQPage:
 * search engines show FAQ rich results only for government and health sites, and it would be a
 * third copy of every answer (after the page and the accordion's props) in the first round trip.
 */
export function servicePageNodes(
  page: { content: ServiceContent; breadcrumb: readonly Crumb[]; path: string },
  settings: SiteSettings,
): object[] {
  return [
    service(page.content, page.path, settings),
    breadcrumbList(page.breadcrumb, page.path, settings.url),
  ];
}

/** The founders shown on the about page, each working for the organisation. */
export function founderPeople(
  founders: readonly FounderContent[],
  path: string,
  settings: SiteSettings,
): PersonLeaf[] {
  const page = pageUrl(path, settings.url);
  return founders.map((founder) => ({
    '@type': 'Person',
    '@id': ids.person(page, founder.id),
    name: founder.name,
    jobTitle: founder.role,
    knowsAbout: founder.focus,
    url: page,
    ...(founder.image && { image: absoluteUrl(founder.image, settings.url) }),
    worksFor: ref(ids.organisation(settings.url)),
  }));
}

/** One page's JSON-LD: the organisation and the website, then the page's own nodes. */
export function siteGraph(
  settings: SiteSettings,
  bookLabel: string,
  pageNodes: readonly object[] = [],
  company?: Company,
): JsonLdGraph {
  return {
    '@context': 'https://schema.org',
    '@graph': [organisation(settings, bookLabel, company), website(settings), ...pageNodes],
  };
}
