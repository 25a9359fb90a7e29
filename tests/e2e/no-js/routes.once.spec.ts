import { expect, test } from '@playwright/test';
import { content } from '../../support/content.ts';
import { absolute, indexableRoutes, routes, site } from '../../support/site.ts';

const layout = content.pages.layout;

test('every page the content names is built', () => {
  // Every page the content names is built; a page added since is checked below by its own title.
  expect(indexableRoutes).toEqual(expect.arrayContaining(routes.map((route) => route.path)));
});

// The page's words, head, header and footer are the same markup at every width: read once, at
// desktop size, then at 320 px for the skip link and sideways scrolling.
for (const path of indexableRoutes) {
  const spec = routes.find((route) => route.path === path);
  test(`${path} serves its complete page, header and footer without JavaScript`, async ({ page }) => {
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
      '/services/shopify-packages',
    );
    await expect(footer).toContainText(`© ${new Date().getFullYear()} ${site.brand}`);
    await expect(footer.getByRole('link', { name: 'Privacy Policy' })).toHaveAttribute('href', '/privacy');
    await expect(footer.getByRole('link', { name: 'Terms of Service' })).toHaveAttribute('href', '/terms');
    await expect(footer.locator('a[href="/accessibility"]')).toHaveCount(1);

    await page.setViewportSize({ width: 320, height: 700 });
    await page.reload();
    const skip = page.locator('body a').first();
    await expect(skip).toHaveAttribute('href', '#main');
    await expect(page.locator('#main')).toHaveCount(1);
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
  });
}
