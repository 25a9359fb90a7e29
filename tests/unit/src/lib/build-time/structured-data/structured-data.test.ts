import { describe, expect, it } from 'vitest';
import { settings } from '#support/site-settings.ts';
import {
  breadcrumbList,
  founderPeople,
  ids,
  pageUrl,
  servicePageNodes,
  siteGraph,
  type ServiceContent,
} from '@/lib/build-time/structured-data/structured-data';
import { serialiseJsonLd } from '@/lib/build-time/head';
import { realCompany } from '#support/company.ts';

const packaged: ServiceContent = {
  card: { title: 'Store builds', description: 'Stores built to sell.' },
  packages: {
    items: [
      { name: 'Small', price: 300 },
      { name: 'Large', price: 1250.5 },
    ],
    custom: { name: 'Bespoke' },
  },
};

const quoted: ServiceContent = {
  card: { title: 'Assistants', description: 'Admin handled.' },
  quote: { heading: 'Ask for a quote' },
};

const organisationId = 'https://studio.example/#organisation';

/** The graph's first nodes, the organisation and the website, as every page carries them. */
const siteNodes = (site = settings) => siteGraph(site, 'Book now')['@graph'] as Record<string, unknown>[];
const organisation = (site = settings) => siteNodes(site)[0]!;
const website = () => siteNodes()[1]!;
/** A service page's service node. */
const service = (content: ServiceContent, path: string) =>
  servicePageNodes({ content, breadcrumb: [], path }, settings)[0] as Record<string, unknown>;

describe('the organisation and the website', () => {
  const org = organisation();

  it('describe the agency from the site settings', () => {
    expect(org).toMatchObject({
      '@type': 'Organization',
      '@id': organisationId,
      name: 'Northlight',
      url: 'https://studio.example/',
      email: 'team@studio.example',
      slogan: 'Stores that sell',
      areaServed: { '@type': 'Country', name: 'United Kingdom', identifier: 'GB' },
    });
  });

  it('keep the contact address the pages show as the email, whatever email the company entry has', () => {
    const company = { ...realCompany, email: 'legal@northfield.co.uk' };
    const node = siteGraph(settings, 'Book now', [], company)['@graph'][0] as Record<string, unknown>;
    expect(node).toMatchObject({ email: settings.email, legalName: company.legalName });
  });

  it('give an absolute logo URL', () => {
    expect(org.logo).toBe('https://studio.example/logo.png');
  });

  it('offer booking the call on the scheduling page', () => {
    expect(org.potentialAction).toEqual({
      '@type': 'ReserveAction',
      name: 'Book now',
      target: {
        '@type': 'EntryPoint',
        urlTemplate: 'https://calendar.example/northlight/intro',
      },
    });
  });

  it('link the website to the organisation as its publisher', () => {
    expect(website()).toMatchObject({
      '@type': 'WebSite',
      '@id': 'https://studio.example/#website',
      name: 'Northlight',
      inLanguage: 'en-GB',
      publisher: { '@id': organisationId },
    });
  });

  it('take the country served from the locale', () => {
    const country = (locale: string) =>
      (organisation({ ...settings, locale })['areaServed'] as { name: string }).name;
    expect(country('en-GB')).toBe('United Kingdom');
    expect(country('en-IE')).toBe('Ireland');
    expect(() => country('en')).toThrow(/names no country/);
  });
});

describe('a service page', () => {
  const path = '/services/stores.html';
  const page = 'https://studio.example/services/stores';

  it('uses the public URL of the page, whatever path Astro renders it at', () => {
    expect(pageUrl(path, settings.url)).toBe(page);
    expect(pageUrl('/services/stores/', settings.url)).toBe(page);
    expect(pageUrl('/index.html', settings.url)).toBe('https://studio.example/');
  });

  it('names the organisation as the provider by @id', () => {
    expect(service(packaged, path)).toMatchObject({
      '@type': 'Service',
      '@id': `${page}#service`,
      name: 'Store builds',
      description: 'Stores built to sell.',
      url: page,
      provider: { '@id': organisationId },
    });
  });

  it('has an offer per package priced in pounds, then the quote-only card without a price', () => {
    expect(service(packaged, path).offers).toEqual([
      { '@type': 'Offer', name: 'Small', price: 300, priceCurrency: 'GBP' },
      { '@type': 'Offer', name: 'Large', price: 1250.5, priceCurrency: 'GBP' },
      { '@type': 'Offer', name: 'Bespoke' },
    ]);
  });

  it('has one quote-only offer for a service sold by quote', () => {
    expect(service(quoted, path).offers).toEqual([{ '@type': 'Offer', name: 'Ask for a quote' }]);
  });

  it('lists the breadcrumb crumb for crumb, the last one being the page', () => {
    const crumbs = [
      { label: 'Home', href: '/' },
      { label: 'Services', href: '/services' },
      { label: 'Stores' },
    ];
    expect(breadcrumbList(crumbs, path, settings.url)).toEqual({
      '@type': 'BreadcrumbList',
      '@id': `${page}#breadcrumb`,
      itemListElement: [
        { '@type': 'ListItem', position: 1, name: 'Home', item: 'https://studio.example/' },
        { '@type': 'ListItem', position: 2, name: 'Services', item: 'https://studio.example/services' },
        { '@type': 'ListItem', position: 3, name: 'Stores', item: page },
      ],
    });
  });

  it('has the service and the breadcrumb, in that order, and no FAQPage (a third copy of every answer)', () => {
    const nodes = servicePageNodes({ content: packaged, breadcrumb: [{ label: 'Stores' }], path }, settings);
    expect(nodes.map((node) => (node as { '@type': string })['@type'])).toEqual([
      'Service',
      'BreadcrumbList',
    ]);
  });
});

describe('the founders', () => {
  const people = founderPeople(
    [
      { id: 'ada-cole', name: 'Ada Cole', role: 'Founder', focus: 'Stores', image: '/_astro/ada.jpg' },
      { id: 'sam-lee', name: 'Sam Lee', role: 'Co-Founder', focus: 'Words' },
    ],
    '/about',
    settings,
  );

  it('are people working for the organisation', () => {
    expect(people).toEqual([
      {
        '@type': 'Person',
        '@id': 'https://studio.example/about#ada-cole',
        name: 'Ada Cole',
        jobTitle: 'Founder',
        knowsAbout: 'Stores',
        url: 'https://studio.example/about',
        image: 'https://studio.example/_astro/ada.jpg',
        worksFor: { '@id': organisationId },
      },
      {
        '@type': 'Person',
        '@id': 'https://studio.example/about#sam-lee',
        name: 'Sam Lee',
        jobTitle: 'Co-Founder',
        knowsAbout: 'Words',
        url: 'https://studio.example/about',
        worksFor: { '@id': organisationId },
      },
    ]);
  });
});

describe('a page graph', () => {
  // A page's own node, part of the website, as an article's is.
  const graph = siteGraph(settings, 'Book now', [
    {
      '@type': 'WebPage',
      '@id': 'https://studio.example/stores',
      isPartOf: { '@id': ids.website(settings.url) },
    },
  ]);

  it('starts with the organisation and the website, then the page nodes', () => {
    expect(graph['@context']).toBe('https://schema.org');
    expect(graph['@graph'].map((node) => (node as { '@type': string })['@type'])).toEqual([
      'Organization',
      'WebSite',
      'WebPage',
    ]);
  });

  it('only refers to nodes it defines', () => {
    const defined = new Set<string>();
    const referenced: string[] = [];
    const walk = (value: unknown): void => {
      if (Array.isArray(value)) return value.forEach(walk);
      if (typeof value !== 'object' || value === null) return;
      const id = (value as Record<string, unknown>)['@id'];
      if (typeof id === 'string') {
        if (Object.keys(value).length === 1) referenced.push(id);
        else defined.add(id);
      }
      Object.values(value).forEach(walk);
    };
    walk(graph);
    expect(referenced).toEqual(
      expect.arrayContaining([ids.organisation(settings.url), ids.website(settings.url)]),
    );
    for (const id of referenced) expect(defined).toContain(id);
  });

  it('survives serialising and parsing unchanged', () => {
    expect(JSON.parse(serialiseJsonLd(graph))).toEqual(graph);
  });
});
