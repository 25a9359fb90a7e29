/**
 * The spec's business constants (§9) and page furniture (§2) as a visitor reads them: prices,
 * turnarounds and limits must appear exactly, from the content files, with JavaScript off.
 */
import { expect, test, type Page } from '@playwright/test';
import { site } from '#support/site.ts';
import { longDate } from '#src/lib/shared/dates.ts';

async function expectTexts(page: Page, texts: string[]) {
  const main = page.locator('main');
  for (const text of texts) await expect(main, text).toContainText(text);
}

test('content packages, add-ons and FAQ', async ({ page }) => {
  await page.goto('/services/content');
  await expectTexts(page, [
    'Starter Copy Package',
    '£249',
    '2 SEO blog posts (800–1,000 words each)',
    '1 page rewrite (Home, About or Services)',
    '5 working day turnaround',
    'Extra blog post: £80 per blog',
    'Extra page: £120 per page',
    'Growth Copy Package',
    '£499',
    'Most Popular',
    '4 blogs (800–1,200 words each)',
    '2 landing or service pages rewritten',
    'Competitor and keyword research',
    'Meta titles and descriptions',
    'Internal link recommendations',
    '10 working day turnaround',
    'Keyword plan: £150',
    'Brand Voice & Conversion',
    '£899',
    'Tone-of-voice guide',
    '6 pages written from scratch',
    '4 blogs or 3 email nurture sequences',
    'Conversion rewrites',
    'Brand style guide PDF',
    '15–20 working day turnaround',
    'What we need from you',
  ]);
  const addons = page.locator('main').getByRole('heading', { name: 'Add-ons', level: 2 }).locator('..');
  for (const [name, price] of [
    ['10 social posts', '£150'],
    ['Monthly SEO content calendar', '£199'],
    ['3-part email sequence', '£249'],
    ['Blog upload and formatting', '£75 per page'],
  ]) {
    await expect(addons.getByRole('listitem').filter({ hasText: name })).toContainText(price);
  }
  await expect(page.locator('main')).toContainText('Revisions are unlimited within 7 days of delivery');
  await expect(page.locator('article[data-package]')).toHaveCount(3);
  await expect(
    page
      .locator('article[data-package] .text-accent, article[data-package] p')
      .filter({ hasText: 'Most Popular' }),
  ).toHaveCount(1);
});

test('Shopify tiers, custom card, add-ons and FAQ; the description derives "from" the lowest tier', async ({
  page,
}) => {
  await page.goto('/services/shopify');
  await expectTexts(page, [
    'An official Shopify Partner',
    'Basic',
    '£400',
    'Theme setup or light refresh',
    'Up to 10 products',
    'Navigation, collections and homepage',
    'Payment and shipping setup',
    'Basic SEO',
    '1 revision round',
    'Growth',
    '£999',
    'Up to 30 products',
    'Branded colours and typography',
    'Policy pages and contact form',
    'App integrations',
    '2 revision rounds',
    'Premium',
    '£1,500',
    'Up to 80 products',
    'Custom sections',
    'Speed optimisation and launch support',
    '3 revision rounds',
    'Custom',
    'Free quote',
    '3-part email welcome flow',
    '£299',
    'Product photography guidance',
    '£120',
    'Analytics setup',
    '£99',
    'A build takes 1–3 weeks',
    'A free 60-minute handover call is included',
    'Migration from other platforms is quoted after an audit',
  ]);
  await expect(page.locator('article[data-package]')).toHaveCount(4);
  await expect(page.locator('meta[name="description"]')).toHaveAttribute('content', /from £400\b/);
});

test('admin and appointment: quote card, process, facts and four FAQs', async ({ page }) => {
  await page.goto('/services/admin-appointment');
  await expectTexts(page, [
    'Apply for a Free Quote and Project Price',
    'Most projects start within five working days after onboarding',
    'A 2-week pilot before you commit',
    'NDAs by default',
    'Our Process',
    'Scope & SOPs',
    '2-week pilot',
    'Monthly review & improvements',
    'What we need from you',
  ]);
  await expect(page.locator('main details')).toHaveCount(4);
  await expect(page.locator('a[data-booking="admin_appointment_free_quote"]')).toHaveAttribute(
    'href',
    site.bookingUrl,
  );
});

for (const [path, current, faqs] of [
  ['/services/shopify', 'Shopify Builds & Optimisation', 3],
  ['/services/content', 'Content & Copywriting', 4],
  ['/services/admin-appointment', 'Admin & Appointment Setting', 4],
] as const) {
  test(`${path}: breadcrumb, FAQ, footer actions and floating booking button`, async ({ page }) => {
    await page.goto(path);
    const crumbs = page.getByRole('navigation', { name: 'Breadcrumb' });
    await expect(crumbs.getByRole('link', { name: 'Home' })).toHaveAttribute('href', '/');
    await expect(crumbs.getByRole('link', { name: 'Services' })).toHaveAttribute('href', '/services');
    await expect(crumbs.locator('[aria-current="page"]')).toHaveText(current);
    await expect(page.locator('main details')).toHaveCount(faqs);

    const main = page.locator('main');
    const book = main.locator('section.bg-ink a[data-booking$="_footer"]');
    await expect(book).toContainText('Book a Call');
    await expect(book).toHaveAttribute('href', site.bookingUrl);
    await expect(main.getByRole('link', { name: 'Email Us' })).toHaveAttribute(
      'href',
      `mailto:${site.email}`,
    );
    const floating = page.locator('[data-floating-booking]');
    await expect(floating).toContainText('Book a discovery call');
    await expect(floating).toHaveAttribute('target', '_blank');
    await expect(floating).toHaveAttribute('data-booking', /_sticky$/);
  });
}

test('services overview: hero buttons, cards, four reasons, three steps, three FAQs', async ({ page }) => {
  await page.goto('/services');
  const main = page.locator('main');
  await expect(main.locator('a[data-booking="services_hero"]')).toContainText('Book a Discovery Call');
  await expect(main.getByRole('link', { name: 'Contact Us' }).first()).toHaveAttribute('href', '/contact');
  for (const [href] of [['/services/shopify'], ['/services/content'], ['/services/admin-appointment']]) {
    await expect(main.locator(`a[href="${href}"]`, { hasText: 'View service' })).toHaveCount(1);
  }
  await expect(main.getByRole('heading', { name: `Why brands choose ${site.brand}` })).toBeVisible();
  await expect(
    main
      .getByRole('heading', { name: `Why brands choose ${site.brand}` })
      .locator('xpath=../..')
      .locator('li'),
  ).toHaveCount(4);
  for (const step of ['Discovery', 'Build', 'Scale'])
    await expect(main.locator('ol li h3', { hasText: step })).toHaveCount(1);
  await expect(main.locator('details')).toHaveCount(3);
  await expect(main).toContainText('Retainers are monthly');
  await expect(main).toContainText('All budgets are accepted');
  await expect(main.getByRole('heading', { name: 'Ready to scale with less noise' })).toBeVisible();
  await expect(main.locator('a[data-booking="services_bottom_cta"]')).toHaveCount(1);
});

test('home: hero, three service cards, three values, closing call to action', async ({ page }) => {
  await page.goto('/');
  const main = page.locator('main');
  await expect(main).toContainText('Grow your business with content and e-commerce from the agency');
  await expect(main.getByRole('link', { name: /Book a strategy call/ })).toHaveAttribute(
    'href',
    site.bookingUrl,
  );
  await expect(main.getByRole('link', { name: 'See recent work' })).toHaveAttribute('href', '/case-studies');
  await expect(main.getByRole('heading', { name: 'What we do best' })).toBeVisible();
  await expect(main.getByRole('link', { name: /^Learn more/ })).toHaveCount(3);
  for (const value of ['Clarity Over Complexity', 'Work That Works', 'Partnership Not Promises']) {
    await expect(main.getByRole('heading', { name: value })).toBeVisible();
  }
  await expect(main.getByRole('heading', { name: 'Ready to scale your brand?' })).toBeVisible();
  await expect(main.locator('a[data-booking="home_cta"]')).toContainText('Book Your Discovery Call');
});

test('about: two founders with photos, three values', async ({ page }) => {
  await page.goto('/about');
  const main = page.locator('main');
  const founders = main.locator('article');
  await expect(founders).toHaveCount(2);
  await expect(founders.nth(0)).toContainText('Co-Founder');
  await expect(founders.nth(0)).toContainText('Content & copywriting');
  await expect(founders.nth(1)).toContainText('Founder');
  await expect(founders.nth(1)).toContainText('E-commerce & operations');
  for (const img of await founders.locator('img').all()) {
    expect((await img.getAttribute('alt'))?.length).toBeGreaterThan(10);
    await expect(img).toHaveAttribute('width', /\d+/);
    await expect(img).toHaveAttribute('height', /\d+/);
  }
  for (const value of ['Clarity over complexity', 'Work that works', 'Partnership, not promises']) {
    await expect(main.getByRole('heading', { name: value })).toBeVisible();
  }
});

test('contact: form, sidebar cards and the 800px scheduling frame', async ({ page }) => {
  await page.goto('/contact');
  const main = page.locator('main');
  await expect(main.locator('form[method="post"][action="/api/send-contact-email"]')).toHaveCount(1);
  await expect(main.getByRole('heading', { name: 'Prefer a quick chat?' })).toBeVisible();
  await expect(main.locator('a[data-booking="contact_sidebar"]')).toContainText('Book a Call');
  await expect(main.getByRole('heading', { name: 'Email us directly' })).toBeVisible();
  await expect(main.locator('aside').getByRole('link', { name: site.email })).toHaveAttribute(
    'href',
    `mailto:${site.email}`,
  );
  const frame = main.locator('iframe');
  await expect(frame).toHaveAttribute('src', site.bookingUrl);
  await expect(frame).toHaveAttribute('loading', 'lazy');
  await expect(frame).toHaveAttribute('title', /.+/);
  expect((await frame.boundingBox())?.height).toBe(800);
});

test('privacy shows today as its last-updated date; terms name UK governing law', async ({ page }) => {
  await page.goto('/privacy');
  const today = longDate(new Date(), site.locale);
  await expect(page.locator('main')).toContainText(`Last updated: ${today}`);
  for (const section of [
    'Information we collect',
    'How we use your information',
    'Your rights',
    'Cookies',
    'Contact us',
  ]) {
    await expect(page.getByRole('heading', { name: section, level: 2 })).toBeVisible();
  }
  // The notice names the address more than once (controller, complaints, contact): each is a link.
  for (const link of await page.locator('main').getByRole('link', { name: site.email }).all()) {
    await expect(link).toHaveAttribute('href', `mailto:${site.email}`);
  }
  await expect(page.locator('main').getByRole('link', { name: site.email }).first()).toBeVisible();

  await page.goto('/terms');
  for (const section of [
    'Our services',
    'Intellectual property',
    'Payment terms',
    'Liability',
    'Termination',
    'Governing law',
  ]) {
    await expect(page.getByRole('heading', { name: section, level: 2 })).toBeVisible();
  }
  await expect(page.locator('main')).toContainText('United Kingdom');
});
