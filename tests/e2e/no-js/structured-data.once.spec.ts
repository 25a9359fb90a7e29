/**
 * The JSON-LD of every page, read the way a crawler reads it (no JavaScript), checked against
 * what the same page shows: prices against the package cards, crumbs against the breadcrumb, founders against their profiles.
 */
import type { APIRequestContext, Page } from '@playwright/test';
import { expect, test } from '#support/sweep-page.ts';
import { isServiceRoute, type SiteRoute } from '#src/lib/shared/routes.ts';
import { content } from '#support/content.ts';
import { absolute, indexableRoutes, site } from '#support/site.ts';

type Node = Record<string, unknown> & { '@type': string; '@id'?: string };
type Route = (typeof indexableRoutes)[number];

/** The types each route adds to the organisation and the website every page carries. */
const siteTypes: Record<SiteRoute, string[]> = {
  '/': [],
  '/services': [],
  '/about': ['Person'],
  '/contact': [],
  '/blog': [],
  '/case-studies': [],
  '/privacy': [],
  '/terms': [],
  '/accessibility': [],
};

const pageTypes = (path: string) =>
  isServiceRoute(path) ? ['Service', 'BreadcrumbList'] : siteTypes[path as SiteRoute];

const servicePages = indexableRoutes.filter((path) => pageTypes(path).includes('Service'));

async function graphOf(page: Page): Promise<Node[]> {
  const scripts = page.locator('script[type="application/ld+json"]');
  await expect(scripts).toHaveCount(1);
  const data = JSON.parse((await scripts.textContent()) ?? '') as { '@context': string; '@graph': Node[] };
  expect(data['@context']).toBe('https://schema.org');
  expect(Array.isArray(data['@graph'])).toBe(true);
  return data['@graph'];
}

const only = (graph: Node[], type: string) => {
  const nodes = graph.filter((node) => node['@type'] === type);
  expect(nodes, `one ${type}`).toHaveLength(1);
  return nodes[0]!;
};

/** The `@id`s a value defines (nodes with properties) and refers to (`{ "@id": … }` alone). */
function ids(value: unknown, found = { defined: [] as string[], referenced: [] as string[] }) {
  if (Array.isArray(value)) value.forEach((item) => ids(item, found));
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return found;
  const id = (value as Record<string, unknown>)['@id'];
  if (typeof id === 'string') (Object.keys(value).length === 1 ? found.referenced : found.defined).push(id);
  Object.values(value).forEach((inner) => ids(inner, found));
  return found;
}

const text = (page: Page, selector: string) =>
  page
    .locator(selector)
    .evaluateAll((elements) => elements.map((element) => element.textContent?.trim() ?? ''));

/** Parses, has the route's types, links its nodes by @id, and claims only what the page shows. */
async function expectLinkedGraph(page: Page, path: Route, graph: Node[]) {
  const types = new Set(graph.map((node) => node['@type']));
  expect([...types].sort()).toEqual(['Organization', 'WebSite', ...pageTypes(path)].sort());

  const { defined, referenced } = ids(graph);
  expect(new Set(graph.map((node) => node['@id'])).size, 'every node has an @id of its own').toBe(
    graph.length,
  );
  expect(referenced).toContain(`${site.url}/#organisation`);
  for (const id of referenced) expect(defined, `${id} is defined on the page`).toContain(id);

  // What the page shows decides what it claims: a breadcrumb. An FAQ claims nothing (no FAQPage:
  // its rich results are for government and health sites only, and it would repeat every answer).
  expect(types.has('FAQPage')).toBe(false);
  expect(types.has('BreadcrumbList')).toBe((await page.locator('nav[aria-label="Breadcrumb"]').count()) > 0);
}

/** The organisation is the one the page shows: name, address, email, logo and booking page. */
async function expectTheShownOrganisation(page: Page, request: APIRequestContext, graph: Node[]) {
  const organisation = only(graph, 'Organization');
  const website = only(graph, 'WebSite');

  const home = page.locator('header a[href="/"]').first();
  await expect(home).toContainText(organisation['name'] as string);
  expect(organisation['url']).toBe(absolute('/'));
  expect(website['url']).toBe(absolute('/'));
  expect(website['publisher']).toEqual({ '@id': organisation['@id'] });

  const mailto = await page.locator('footer a[href^="mailto:"]').first().getAttribute('href');
  expect(`mailto:${organisation['email']}`).toBe(mailto);
  expect(organisation['areaServed']).toMatchObject({ '@type': 'Country', name: 'United Kingdom' });

  const action = organisation['potentialAction'] as { '@type': string; target: { urlTemplate: string } };
  expect(action['@type']).toBe('ReserveAction');
  const bookingLinks = await page
    .locator('a[data-booking]')
    .evaluateAll((links) => links.map((link) => link.getAttribute('href')));
  expect(bookingLinks.length).toBeGreaterThan(0);
  for (const href of bookingLinks) expect(href).toBe(action.target.urlTemplate);

  const logoUrl = organisation['logo'] as string;
  expect(logoUrl).toBe(`${site.url}/logo.png`);
  const logo = await request.get(new URL(logoUrl).pathname);
  expect(logo.status()).toBe(200);
  expect(logo.headers()['content-type']).toBe('image/png');
  const png = await logo.body();
  expect(png.subarray(12, 16).toString('latin1')).toBe('IHDR');
  expect(png.readUInt32BE(16)).toBe(png.readUInt32BE(20));
  expect(png.readUInt32BE(16)).toBeGreaterThanOrEqual(112);
}

/** One offer per package card, at the price the card shows. */
async function expectOffersAsCards(page: Page, path: Route, graph: Node[]) {
  const service = only(graph, 'Service');
  const organisation = only(graph, 'Organization');
  expect(service['provider']).toEqual({ '@id': organisation['@id'] });
  expect(service['url']).toBe(absolute(path));

  const cards = await page.locator('article[data-package]').evaluateAll((articles) =>
    articles.map((article) => ({
      name: article.getAttribute('data-package') ?? '',
      price: article.querySelector('[data-price]')?.textContent?.trim() ?? '',
    })),
  );
  const quote = await text(page, '#quote-heading');
  const shown = [...cards, ...quote.map((name) => ({ name, price: '' }))];
  expect(shown.length).toBeGreaterThan(0);

  const offers = service['offers'] as {
    '@type': string;
    name: string;
    price?: number;
    priceCurrency?: string;
  }[];
  expect(offers.map((offer) => offer.name)).toEqual(shown.map((card) => card.name));
  for (const [index, offer] of offers.entries()) {
    const { price } = shown[index]!;
    expect(offer['@type']).toBe('Offer');
    if (price.startsWith('£')) {
      expect(offer.priceCurrency).toBe('GBP');
      expect(offer.price, `${offer.name} costs what its card says`).toBe(Number(price.replace(/[£,]/g, '')));
    } else {
      expect(offer.price, `${offer.name} is quote only`).toBeUndefined();
      expect(offer.priceCurrency).toBeUndefined();
    }
  }
}

/** The breadcrumb list names the crumbs the page shows. */
async function expectShownCrumbs(page: Page, path: Route, graph: Node[]) {
  const list = only(graph, 'BreadcrumbList');
  const crumbs = await page.locator('nav[aria-label="Breadcrumb"] li').evaluateAll((items) =>
    items.map((item) => {
      const target = item.querySelector('a, [aria-current="page"]');
      return { name: target?.textContent?.trim() ?? '', href: target?.getAttribute('href') ?? null };
    }),
  );
  expect(crumbs.length).toBeGreaterThan(1);
  const items = list['itemListElement'] as { position: number; name: string; item: string }[];
  expect(items.map((item) => item.position)).toEqual(crumbs.map((_, index) => index + 1));
  expect(items.map((item) => item.name)).toEqual(crumbs.map((crumb) => crumb.name));
  expect(items.map((item) => item.item)).toEqual(crumbs.map((crumb) => absolute(crumb.href ?? path)));
}

/** The founders are people working for the organisation, as their profiles show. */
async function expectShownFounders(page: Page, request: APIRequestContext, graph: Node[]) {
  const organisation = only(graph, 'Organization');
  const people = graph.filter((node) => node['@type'] === 'Person');
  const profiles = await page
    .locator('section[aria-labelledby="founders-heading"] article')
    .evaluateAll((articles) =>
      articles.map((article) => ({
        name: article.querySelector('h3')?.textContent?.trim() ?? '',
        role: article.querySelector('h3 + p')?.textContent?.trim() ?? '',
        photos: (article.querySelector('img')?.getAttribute('srcset') ?? '')
          .split(',')
          .map((candidate) => candidate.trim().split(' ')[0]),
      })),
    );
  expect(profiles.length).toBe(content.founders.length);
  expect(people.map((person) => person['name'])).toEqual(profiles.map((profile) => profile.name));
  expect(people.map((person) => person['jobTitle'])).toEqual(profiles.map((profile) => profile.role));
  for (const [index, person] of people.entries()) {
    expect(person['worksFor']).toEqual({ '@id': organisation['@id'] });
    const image = new URL(person['image'] as string);
    expect(image.origin).toBe(site.url);
    expect(profiles[index]!.photos, 'the photo the profile shows').toContain(image.pathname);
    expect((await request.get(image.pathname)).status()).toBe(200);
  }
}

// JSON-LD and the text it is checked against are the same markup at every width: read once, one
// page load per route.
for (const path of indexableRoutes) {
  test(`${path}: structured data parses, links its nodes and states what the page shows`, async ({
    page,
    request,
  }) => {
    await page.goto(path);
    const graph = await graphOf(page);
    await expectLinkedGraph(page, path, graph);
    if (path === '/') await expectTheShownOrganisation(page, request, graph);
    if (servicePages.includes(path)) {
      await expectOffersAsCards(page, path, graph);
      await expectShownCrumbs(page, path, graph);
    }
    if (path === '/about') await expectShownFounders(page, request, graph);
  });
}

test('pages kept out of search still name the organisation and the website', async ({ page }) => {
  for (const path of ['/contact/sent', '/contact/error', '/no-such-page']) {
    await page.goto(path);
    const graph = await graphOf(page);
    expect(
      graph.map((node) => node['@type']),
      path,
    ).toEqual(['Organization', 'WebSite']);
  }
});
