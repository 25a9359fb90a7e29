/**
 * The UK launch duties on the built pages, read as a visitor and a crawler read them: the trading
 * disclosure in every footer (the 404 page's too), the Organization's legal identity in JSON-LD,
 * VAT beside the prices, the company card on the contact page, the terms' governing law, and a
 * privacy notice that names the controller, the complaint routes, the retention periods and the
 * cookies this build can set. Expected values come from src/content/company.yaml and the code.
 */
import { readFile } from 'node:fs/promises';
import { parse } from 'yaml';
import { expect, test, type Page } from '@playwright/test';
import { legalForms, partsOfUk } from '#src/schemas/company.ts';
import { formatAddress, governingLaw, vatStatement } from '#src/lib/shared/company.ts';
import {
  complaintAcknowledgement,
  ico,
  requiredFieldsText,
  retention,
} from '#src/lib/build-time/legal/privacy-facts.ts';
import { cookieRows } from '#src/lib/build-time/legal/analytics-cookies.ts';
import { legalIdentityPages } from '#src/lib/build-time/structured-data/structured-data-company.ts';
import { isServiceRoute } from '#src/lib/shared/routes.ts';
import { currentCompany } from '#support/company.ts';
import { sweepPages } from '#support/pages.ts';
import { htmlElements } from '#src/lib/build-time/html-elements.ts';
import { indexableRoutes, site } from '#support/site.ts';

const company = currentCompany();

/** The contact form's labels, as the content file gives them. */
async function contactLabels() {
  const text = await readFile('src/content/pages/contact.yaml', 'utf8');
  return (parse(text) as { form: Parameters<typeof requiredFieldsText>[0] }).form;
}
const servicePages = indexableRoutes.filter(isServiceRoute);

async function organisation(page: Page): Promise<Record<string, unknown>> {
  const json = await page.locator('script[type="application/ld+json"]').textContent();
  const graph = (JSON.parse(json ?? '{}') as { '@graph': Record<string, unknown>[] })['@graph'];
  return graph.find((node) => node['@type'] === 'Organization') ?? {};
}

// The footer is the same markup in the served HTML as on screen: read from every page's HTML.
test('every page’s footer discloses the legal name and form, registration, number, office and VAT', async ({
  request,
}) => {
  for (const { path, status } of sweepPages) {
    const response = await request.get(path);
    expect(response.status(), path).toBe(status);
    const footer = htmlElements(await response.text()).find(({ name }) => name === 'footer');
    const disclosures = (footer?.elements ?? []).filter(
      ({ name, text }) => name === 'p' && text.includes(company.registeredOffice.postcode),
    );
    expect(disclosures, path).toHaveLength(1);
    const text = disclosures[0]!.text.replace(/\s+/g, ' ');
    for (const fact of [
      company.legalName,
      legalForms[company.legalForm].words,
      partsOfUk[company.partOfUk],
      company.companyNumber ?? '',
      company.registeredOffice.postcode,
      company.vatNumber ?? '',
    ]) {
      expect(text, path).toContain(fact);
    }
  }
});

test('the Organization JSON-LD carries the legal name, postal address, and any company number and VAT ID', async ({
  page,
}) => {
  for (const path of legalIdentityPages) {
    await page.goto(path);
    const org = await organisation(page);
    expect(org['legalName'], path).toBe(company.legalName);
    expect(org['address'], path).toEqual({
      '@type': 'PostalAddress',
      streetAddress: company.registeredOffice.street,
      addressLocality: company.registeredOffice.town,
      postalCode: company.registeredOffice.postcode,
      addressCountry: 'GB',
    });
    // A sole trader or a partnership has no company number: then no identifier at all.
    if (company.companyNumber) {
      expect(org['identifier'], path).toMatchObject({ value: company.companyNumber });
    } else {
      expect(org, path).not.toHaveProperty('identifier');
    }
    expect(org['vatID'], path).toBe(company.vatNumber);
    // The address for legal matters stays on the notices; the node's email is the one the footer shows.
    expect(org['email'], path).toBe(site.email);
  }
});

test('each service page says beside its prices whether they include VAT', async ({ page }) => {
  expect(servicePages.length).toBeGreaterThanOrEqual(3);
  for (const path of servicePages) {
    await page.goto(path);
    // In the packages section, or in the quote card where a service has no price list.
    const prices = page.locator(
      'section[aria-labelledby="packages-heading"], section[aria-labelledby="quote-heading"]',
    );
    await expect(prices, path).toContainText(vatStatement(company));
  }
});

test('the contact page gives the company details, the address and the email', async ({ page }) => {
  await page.goto('/contact');
  const card = page.locator('[data-company-details]');
  await expect(card).toContainText(company.legalName);
  await expect(card).toContainText(formatAddress(company.registeredOffice));
  const email = company.email ?? site.email;
  await expect(page.locator('main aside').getByRole('link', { name: email })).toHaveAttribute(
    'href',
    `mailto:${email}`,
  );
});

test('the terms name the business and its governing law', async ({ page }) => {
  await page.goto('/terms');
  const main = page.locator('main');
  await expect(main).toContainText(company.legalName);
  // The law the company's form and office give, however the terms word the sentence around it.
  await expect(main).toContainText(governingLaw(company));
});

test('the privacy notice names the controller, the complaint routes and the retention periods', async ({
  page,
}) => {
  await page.goto('/privacy');
  const main = page.locator('main');
  await expect(main).toContainText(company.legalName);
  await expect(main).toContainText(/data controller/);
  await expect(main).toContainText(formatAddress(company.registeredOffice));
  // A complaint route of the site's own: a link to its contact form, however the notice words it.
  await expect(main.locator('a[href="/contact"]').first()).toBeVisible();
  await expect(main).toContainText(complaintAcknowledgement);
  await expect(main.getByRole('link', { name: new URL(ico.website).host })).toHaveAttribute(
    'href',
    ico.website,
  );
  await expect(main).toContainText(ico.helpline);
  for (const figure of Object.values(retention)) await expect(main).toContainText(figure);
  await expect(main).toContainText(/automated/);
  await expect(main).toContainText(requiredFieldsText(await contactLabels(), site.locale));
});

test('the privacy notice’s cookie table lists what this build stores, with header cells', async ({
  page,
}) => {
  await page.goto('/privacy');
  // The cookie table in its own box (src/components/CookieTable.astro): the notice's text may hold
  // tables of an editor's own.
  const table = page.locator('main .cookie-table table');
  await expect(table).toHaveCount(1);
  await expect(table.locator('thead th[scope="col"]')).toHaveText([
    'Name',
    'Provider',
    'Purpose',
    'Duration',
    'Category',
  ]);
  // The default build has no analytics IDs: only the site's own storage (the consent choice, the form's draft).
  const expected = cookieRows({}).map((row) => row.name);
  await expect(table.locator('tbody th[scope="row"]')).toHaveText(expected);
  await expect(table).not.toContainText('_ga');
  await expect(table).not.toContainText('_clck');
});
