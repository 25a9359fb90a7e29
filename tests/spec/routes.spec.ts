/**
 * Each page's h1 and title, and the services menu, word for word as the spec gives them (§2).
 * `npm test` checks the same pages against what their content files say (tests/support/content.ts).
 */
import { expect, test } from '@playwright/test';
import { site, specRedirectPairs } from '#support/site.ts';

const titled = (title: string) => `${title} | ${site.brand}`;

const routes = [
  { path: '/', h1: 'Build. Launch. Scale.', title: titled('Building Brands That Scale') },
  { path: '/services', h1: 'Everything you need to scale', title: titled('Services') },
  {
    path: '/services/shopify',
    h1: 'Shopify Builds & Optimisation',
    title: titled('Shopify Builds & Optimisation'),
  },
  {
    path: '/services/content',
    h1: 'Content & Copywriting Packages',
    title: titled('Content & Copywriting Packages'),
  },
  {
    path: '/services/admin-appointment',
    h1: 'Admin & Appointment Setting',
    title: titled('Admin & Appointment Setting'),
  },
  { path: '/about', h1: 'Small team. Senior work', title: titled('About') },
  { path: '/contact', h1: 'Get in Touch', title: titled('Contact') },
  { path: '/blog', h1: 'Blog', title: titled('Blog') },
  { path: '/case-studies', h1: 'Case Studies', title: titled('Case Studies') },
  { path: '/privacy', h1: 'Privacy Policy', title: titled('Privacy Policy') },
  { path: '/terms', h1: 'Terms of Service', title: titled('Terms of Service') },
];

for (const { path, h1, title } of routes) {
  test(`${path}: the spec's h1 and title`, async ({ page }) => {
    await page.goto(path);
    await expect(page.locator('h1')).toHaveText(h1);
    await expect(page).toHaveTitle(title);
  });
}

test("the header and footer: the spec's labels", async ({ page }) => {
  await page.goto('/');
  const menu = page.locator('#services-menu a');
  await expect(menu).toHaveText([
    'Shopify Builds & Optimisation',
    'Content & Copywriting',
    'Admin & Appointment Setting',
  ]);
  const footer = page.locator('footer');
  await expect(footer).toContainText('Building brands that scale.');
  await expect(footer.getByRole('link', { name: 'Shopify Approved Partner' })).toHaveCount(1);
  await expect(page.locator('header a[data-booking^="navigation_"]').first()).toContainText('Book a Call');
});

test('each legacy path of the spec answers 301 to its page, with or without a trailing slash', async ({
  request,
}) => {
  for (const [from, to] of specRedirectPairs) {
    for (const path of [from, `${from}/`]) {
      const response = await request.get(path, { maxRedirects: 0 });
      expect(response.status(), path).toBe(301);
      expect(response.headers()['location'], path).toBe(to);
    }
  }
});
