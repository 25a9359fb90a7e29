import { statSync } from 'node:fs';
import { resolve } from 'node:path';
import type { Page } from '@playwright/test';
import { expect, test } from '#support/sweep-page.ts';
import { fillPlaceholders } from '#src/lib/shared/placeholders.ts';
import { timeElement } from '#src/lib/shared/dates.ts';
import { content } from '#support/content.ts';
import { absolute, indexableRoutes, routes, site, specRedirectPairs } from '#support/site.ts';
import { servedDist } from '#support/built-site.ts';

const layout = content.pages.layout;
const contactPage = content.pages.contact;
/** The page the spec's packages path (§2) leads to: the badge links there, to a part of it, directly. */
const [, packagesPage = ''] = specRedirectPairs.find(([from]) => from === '/services/shopify-packages') ?? [];

/**
 * The parts only some pages have, as their content files word them: the privacy notice's "Last
 * updated" date (the pinned one, else the day of the build, read from the built page's file so a
 * run past midnight still agrees), each service page's breadcrumb and closing actions, and the
 * contact page's sidebar.
 */
async function expectOwnParts(page: Page, path: string) {
  const main = page.locator('main');
  if (path === '/privacy') {
    const pinned = content.legal.privacy['lastUpdated'] as string | Date | undefined;
    const built = statSync(resolve(servedDist, 'privacy.html')).mtime;
    const updated = pinned === undefined ? built : new Date(pinned);
    const { datetime, text } = timeElement(updated, site.locale);
    await expect(main).toContainText(`Last updated: ${text}`);
    await expect(main.locator('time').first()).toHaveAttribute('datetime', datetime);
  }

  const service = content.services.find((candidate) => candidate.route === path);
  if (service) {
    const crumbs = page.getByRole('navigation', { name: 'Breadcrumb' });
    expect(
      await crumbs.getByRole('link').evaluateAll((links) => links.map((link) => link.getAttribute('href'))),
    ).toEqual(['/', '/services']);
    await expect(crumbs.locator('[aria-current="page"]')).toHaveText(service['breadcrumb']);

    const cta = service['footerCta'];
    const band = main.locator('section').filter({ has: page.getByRole('heading', { name: cta.heading }) });
    await expect(band).toContainText(cta.text);
    const book = band.locator('a[data-booking$="_footer"]');
    await expect(book).toContainText(cta.bookLabel);
    await expect(book).toHaveAttribute('href', site.bookingUrl);
    await expect(book).toHaveAttribute('target', '_blank');
    await expect(band.getByRole('link', { name: cta.emailLabel })).toHaveAttribute(
      'href',
      `mailto:${site.email}`,
    );
  }

  if (path === '/contact') {
    const { chat, email, company } = contactPage.sidebar;
    const sidebar = main.getByRole('complementary');
    await expect(sidebar.getByRole('heading', { name: chat.heading })).toBeVisible();
    await expect(sidebar).toContainText(chat.text);
    const book = sidebar.locator('a[data-booking="contact_sidebar"]');
    await expect(book).toContainText(chat.bookLabel);
    await expect(book).toHaveAttribute('href', site.bookingUrl);
    await expect(book).toHaveAttribute('target', '_blank');
    await expect(sidebar.getByRole('heading', { name: email.heading })).toBeVisible();
    await expect(sidebar).toContainText(email.text);
    await expect(sidebar.getByRole('link', { name: site.email })).toHaveAttribute(
      'href',
      `mailto:${site.email}`,
    );
    await expect(sidebar.getByRole('heading', { name: company.heading })).toBeVisible();
  }
}

test('every page the content names is built', () => {
  // Every page the content names is built; a page added since is checked below by its own title.
  expect(indexableRoutes).toEqual(expect.arrayContaining(routes.map((route) => route.path)));
});

test('the footer’s partner badge leads to the Shopify packages with no redirect', async ({ page }) => {
  await page.goto('/');
  const href = await page
    .locator('footer')
    .getByRole('link', { name: layout.footer.badge })
    .getAttribute('href');
  const target = new URL(href ?? '', page.url());
  const response = await page.request.get(target.pathname, { maxRedirects: 0 });
  expect(response.status()).toBe(200);
  await page.goto(target.href);
  const packages = content.services.find((service) => service.route === packagesPage)?.['packages'];
  await expect(page.locator(target.hash).getByRole('heading', { level: 2 }).first()).toHaveText(
    packages.heading,
  );
});

// The page's words, head, header and footer are the same markup at every width: read once, at
// desktop size, then at 320 px for the skip link and sideways scrolling.
for (const path of indexableRoutes) {
  const spec = routes.find((route) => route.path === path);
  test(`${path} serves its complete page, header, footer and own parts without JavaScript`, async ({
    page,
  }) => {
    const response = await page.goto(path);
    expect(response?.status()).toBe(200);

    await expect(page.locator('h1')).toHaveCount(1);
    if (spec) await expect(page.locator('h1')).toHaveText(spec.h1);
    await expect(page.locator('main')).toHaveCount(1);
    const title = spec?.title ?? (await page.title());
    await expect(page).toHaveTitle(title);
    expect(title.endsWith(` | ${site.brand}`), title).toBe(true);

    const head = page.locator('head');
    const description = await head.locator('meta[name="description"]').getAttribute('content');
    expect(description?.length).toBeGreaterThanOrEqual(50);
    await expect(head.locator('link[rel="canonical"]')).toHaveAttribute('href', absolute(path));
    await expect(head.locator('meta[name="robots"]')).toHaveAttribute('content', 'index, follow');
    await expect(head.locator('meta[property="og:title"]')).toHaveAttribute('content', title);
    await expect(head.locator('meta[property="og:url"]')).toHaveAttribute('content', absolute(path));
    const ogImage = await head.locator('meta[property="og:image"]').getAttribute('content');
    expect(ogImage).toMatch(new RegExp(`^${site.url}/`));
    await expect(head.locator('meta[name="twitter:card"]')).toHaveAttribute('content', 'summary_large_image');
    const image = await page.request.get(new URL(ogImage ?? '', site.url).pathname);
    expect(image.status()).toBe(200);
    expect(image.headers()['content-type']).toBe('image/png');

    const header = page.locator('header').first();
    await expect(header.getByRole('link', { name: site.brand }).first()).toHaveAttribute('href', '/');
    const book = header.locator('a[data-booking^="navigation_"]');
    await expect(book).toHaveCount(2);
    for (const link of await book.all()) {
      await expect(link).toHaveAttribute('href', site.bookingUrl);
      await expect(link).toHaveAttribute('target', '_blank');
      await expect(link).toHaveAttribute('rel', /noopener/);
      await expect(link).toContainText(layout.bookLabel);
    }

    const footer = page.locator('footer');
    await expect(footer).toContainText(layout.footer.tagline);
    const footerNav = footer.getByRole('navigation');
    for (const [name, href] of [
      ['Home', '/'],
      ['Services', '/services'],
      ['About', '/about'],
      ['Contact', '/contact'],
    ]) {
      await expect(footerNav.getByRole('link', { name, exact: true })).toHaveAttribute('href', href);
    }
    await expect(footer.getByRole('link', { name: site.email })).toHaveAttribute(
      'href',
      `mailto:${site.email}`,
    );
    await expect(footer.getByRole('link', { name: layout.footer.badge })).toHaveAttribute(
      'href',
      new RegExp(`^${packagesPage}#[\\w-]+$`),
    );
    await expect(footer).toContainText(
      fillPlaceholders(layout.footer.copyright, {
        year: String(new Date().getFullYear()),
        brand: site.brand,
      }),
    );
    await expect(footer.getByRole('link', { name: 'Privacy Policy' })).toHaveAttribute('href', '/privacy');
    await expect(footer.getByRole('link', { name: 'Terms of Service' })).toHaveAttribute('href', '/terms');
    await expect(footer.locator('a[href="/accessibility"]')).toHaveCount(1);
    await expectOwnParts(page, path);

    await page.setViewportSize({ width: 320, height: 700 });
    await page.reload();
    const skip = page.locator('body a').first();
    await expect(skip).toHaveAttribute('href', '#main');
    await expect(page.locator('#main')).toHaveCount(1);
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
  });
}
