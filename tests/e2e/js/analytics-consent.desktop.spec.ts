/**
 * Analytics consent on a build with both IDs: before the visitor chooses, Reject and withdrawal,
 * at phone size, and without JavaScript.
 * The site, its stand-in tags and the helpers: tests/support/analytics-site.ts.
 */
import { expect } from '@playwright/test';
import { gzipSync } from 'node:zlib';
import { consentKey } from '#src/lib/shared/analytics.ts';
import { idleModuleAttribute } from '#src/lib/shared/page-layout.ts';
import { cookieRows } from '#src/lib/build-time/legal/analytics-cookies.ts';
import { elementsNamed } from '#support/built-site.ts';
import { browserSweepPages, sweepPages } from '#support/pages.ts';
import { expectNoAxeViolations } from '#support/axe.ts';
import { content } from '#support/content.ts';
import { expectOpenStateWcag } from '#support/wcag/beyond-axe.ts';
import { spokenPhrases } from '#support/screen-reader.ts';
import {
  accept,
  acceptButton,
  analyticsCookies,
  at,
  banner,
  clarityCalls,
  clarityId,
  clickBooking,
  consentModeDefault,
  cookieSettings,
  expectBookingClick,
  gaId,
  layout,
  rejectButton,
  serveAnalyticsSite,
  test,
} from '#support/analytics-site.ts';
import { openPhoneMenu } from '#support/islands.ts';
import { pageSettled } from '#support/settled.ts';

serveAnalyticsSite();

test.describe('before the visitor chooses', () => {
  for (const { path, status } of browserSweepPages) {
    test(`${path} shows the banner and sends nothing, loads no tag and sets no cookie`, async ({
      page,
      context,
      network,
    }) => {
      const scripts: string[] = [];
      page.on('request', (request) => {
        if (request.resourceType() === 'script') scripts.push(request.url());
      });
      const response = await page.goto(at(path));
      expect(response?.status()).toBe(status);
      await expect(banner(page)).toBeVisible();
      await expect(cookieSettings(page)).toBeVisible();
      // Events fired now wait in memory: a booking click, a history change.
      await clickBooking(page, page.locator('[data-booking="navigation_desktop"]'));
      await page.evaluate(() => history.pushState(null, '', `${location.pathname}?before=consent`));
      await pageSettled(page);
      const queue = await page.evaluate(() =>
        JSON.parse(
          JSON.stringify((window as unknown as { dataLayer: IArguments[] }).dataLayer.map((a) => [...a])),
        ),
      );
      expect(queue, 'only the Consent Mode default is queued').toEqual([
        ['consent', 'default', consentModeDefault],
      ]);
      expect(await page.evaluate(() => 'clarity' in window)).toBe(false);
      expect(await page.evaluate((key) => localStorage.getItem(key), consentKey)).toBeNull();
      expect(network.analyticsRequests()).toEqual([]);
      expect(network.hits).toEqual([]);
      expect(await analyticsCookies(context)).toEqual([]);
      // The site's own analytics file, and no tag.
      const file = await banner(page).getAttribute(idleModuleAttribute);
      expect(
        scripts.map((url) => new URL(url).pathname),
        'JavaScript files fetched before consent',
      ).toEqual([file]);
    });
  }

  test('the analytics file is one for every page, small, cached for a year, and nothing of it inline', async ({
    request,
  }) => {
    const files = new Set<string>();
    for (const { path } of sweepPages) {
      const html = await (await request.get(at(path))).text();
      const inline = elementsNamed(html, 'script')
        .filter(({ attributes }) => attributes['src'] === undefined)
        .map(({ text }) => text);
      expect(
        inline.filter((body) => /prerenderingchange|dataLayer|gtag|clarity/.test(body)),
        path,
      ).toEqual([]);
      const [section] = elementsNamed(html, 'section').filter(
        ({ attributes }) => attributes['data-consent-banner'] !== undefined,
      );
      expect(section?.attributes['data-ga'], path).toBe(gaId);
      expect(section?.attributes['data-clarity'], path).toBe(clarityId);
      files.add(section?.attributes[idleModuleAttribute] ?? '');
    }
    expect(files.size, 'one file, fetched once for the whole site').toBe(1);
    const [file = ''] = files;
    expect(file).toMatch(/^\/_astro\/[\w.-]+\.js$/);
    const response = await request.get(at(file), { headers: { 'accept-encoding': 'br' } });
    expect(response.status()).toBe(200);
    expect(response.headers()['cache-control']).toContain('immutable');
    const body = await response.text();
    expect(body).toContain('prerenderingchange');
    const raw = Buffer.byteLength(body);
    const gzipped = gzipSync(body, { level: 9 }).length;
    test.info().annotations.push({ type: 'file-bytes', description: `${raw} B raw, ${gzipped} B gzipped` });
    // Its code alone: a file that also brought another module's (a shared chunk) would import it.
    expect(body).not.toMatch(/\bimport\s*[{("'*]|\bfrom\s*["']/);
    expect(gzipped).toBeLessThan(4096);
  });

  test('the analytics file is fetched only after the page has loaded', async ({ page }) => {
    const events: string[] = [];
    page.on('load', () => events.push('load'));
    page.on('request', (request) => {
      if (request.resourceType() === 'script') events.push(new URL(request.url()).pathname);
    });
    await page.goto(at('/contact'));
    await expect(banner(page)).toBeVisible();
    const file = await banner(page).getAttribute(idleModuleAttribute);
    expect(events).toEqual(['load', file]);
  });

  test('the banner is keyboard accessible, its two choices equally prominent', async ({ page }) => {
    await page.goto(at('/about'));
    await expect(banner(page)).toBeVisible();
    // The banner comes right after the skip link; it never takes focus on its own.
    await expect(page.locator('body')).toBeFocused();
    await page.keyboard.press('Tab');
    await expect(page.getByRole('link', { name: layout.skipLink })).toBeFocused();
    await page.keyboard.press('Tab');
    await expect(banner(page).getByRole('link', { name: layout.consent.policyLink })).toBeFocused();
    await page.keyboard.press('Tab');
    await expect(acceptButton(page)).toBeFocused();
    await page.keyboard.press('Tab');
    await expect(rejectButton(page)).toBeFocused();

    const [acceptBox, rejectBox] = await Promise.all([
      acceptButton(page).boundingBox(),
      rejectButton(page).boundingBox(),
    ]);
    expect(acceptBox!.height).toBe(rejectBox!.height);
    expect(Math.abs(acceptBox!.width - rejectBox!.width)).toBeLessThan(16);
    expect(await rejectButton(page).getAttribute('class')).toBe(
      await acceptButton(page).getAttribute('class'),
    );
    await expect(acceptButton(page)).toBeInViewport();
    await expect(rejectButton(page)).toBeInViewport();

    await expectNoAxeViolations(page, 'the cookie banner');
    await expectOpenStateWcag(page, 'the cookie banner');
    await expect(rejectButton(page)).toBeFocused();
    // A screen reader announces it as a region named by its heading, with its two buttons.
    const { consent } = content.pages.layout;
    const spoken = await spokenPhrases(await banner(page).evaluate((section) => section.outerHTML));
    expect(spoken).toEqual(
      expect.arrayContaining([
        `region, ${consent.heading}`,
        `button, ${consent.accept}`,
        `button, ${consent.reject}`,
      ]),
    );

    await page.keyboard.press('Enter');
    await expect(banner(page)).toBeHidden();
    await expect(page.locator('#main')).toBeFocused();
    expect(await page.evaluate((key) => localStorage.getItem(key), consentKey)).toBe('denied');
  });
});

test.describe('Reject and withdrawal', () => {
  test('Reject: nothing is ever sent, no tag loads and no cookie is set, on any page', async ({
    page,
    context,
    network,
  }) => {
    await page.goto(at('/services/content'));
    await clickBooking(page, page.locator('[data-booking="navigation_desktop"]'));
    await rejectButton(page).click();
    await expect(banner(page)).toBeHidden();
    expect(await page.evaluate((key) => localStorage.getItem(key), consentKey)).toBe('denied');

    for (const path of ['/', '/contact', '/services/content', '/no-such-page']) {
      await page.goto(at(path));
      await expect(banner(page)).toBeHidden();
      await clickBooking(page, page.locator('[data-booking="navigation_desktop"]'));
      await page.evaluate(() => history.pushState(null, '', '?after=reject'));
      await pageSettled(page);
      expect(await page.evaluate(() => 'clarity' in window)).toBe(false);
    }
    expect(network.analyticsRequests()).toEqual([]);
    expect(network.hits).toEqual([]);
    expect(await analyticsCookies(context)).toEqual([]);
  });

  test('the choice is remembered across pages and changed from the footer; withdrawing stops tracking', async ({
    page,
    context,
    network,
  }) => {
    await accept(page, network, '/');
    await page.goto(at('/about'));
    await expect(banner(page)).toBeHidden();
    await expect.poll(() => network.hits.map((hit) => hit.page)).toContain('/about');
    await expect.poll(() => analyticsCookies(context)).toHaveLength(4);

    // Reopened from the footer: focus goes to the banner, and back to the button after the choice.
    await cookieSettings(page).click();
    await expect(banner(page)).toBeVisible();
    await expect(banner(page).getByRole('heading', { name: layout.consent.heading })).toBeFocused();
    await page.keyboard.press('Escape');
    await expect(banner(page)).toBeHidden();
    await expect(cookieSettings(page)).toBeFocused();
    await cookieSettings(page).press('Enter');
    await rejectButton(page).click();
    await expect(banner(page)).toBeHidden();
    await expect(cookieSettings(page)).toBeFocused();

    expect(await analyticsCookies(context), 'analytics cookies deleted').toEqual([]);
    expect(
      await page.evaluate((id) => (window as unknown as Record<string, unknown>)[`ga-disable-${id}`], gaId),
    ).toBe(true);
    const calls = await clarityCalls(page);
    expect(calls).toContainEqual(['consentv2', { ad_Storage: 'denied', analytics_Storage: 'denied' }]);
    expect(calls.at(-1)).toEqual(['stop']);

    // Nothing more is sent: not in this page, not on the next ones.
    const sentBefore = network.hits.length;
    const tagsBefore = network.tagRequests().length;
    await clickBooking(page, page.locator('[data-booking="navigation_desktop"]'));
    await page.evaluate(() => history.pushState(null, '', '/about?after=withdrawal'));
    await page.goto(at('/services'));
    await expect(banner(page)).toBeHidden();
    await clickBooking(page, page.locator('[data-booking="services_hero"]'));
    await pageSettled(page);
    expect(network.hits).toHaveLength(sentBefore);
    expect(network.tagRequests()).toHaveLength(tagsBefore);
    expect(await analyticsCookies(context)).toEqual([]);

    // Accepting again from the footer resumes tracking from the next event (this page's view was
    // dropped when it loaded under the refusal).
    await cookieSettings(page).click();
    await acceptButton(page).click();
    expect(await page.evaluate((key) => localStorage.getItem(key), consentKey)).toBe('granted');
    await clickBooking(page, page.locator('[data-booking="services_bottom_cta"]'));
    await expectBookingClick(page, network, 'services_bottom_cta');
    await page.goto(at('/about?again=1'));
    await expect.poll(() => network.hits.map((hit) => hit.page)).toContain('/about?again=1');
  });
});

test.describe('at phone size', () => {
  test.use({ viewport: { width: 375, height: 812 }, isMobile: true, hasTouch: true });

  test('the phone menu’s booking button sends calendly_click as navigation_mobile', async ({
    page,
    network,
  }) => {
    await accept(page, network, '/services');
    await openPhoneMenu(page);
    const link = page.locator('a[data-booking="navigation_mobile"]');
    await expect(link).toBeVisible();
    await clickBooking(page, link);
    await expectBookingClick(page, network, 'navigation_mobile');
  });

  test('the banner fits the screen with both choices side by side', async ({ page }) => {
    await page.goto(at('/'));
    await expect(acceptButton(page)).toBeInViewport();
    await expect(rejectButton(page)).toBeInViewport();
    const [acceptBox, rejectBox] = await Promise.all([
      acceptButton(page).boundingBox(),
      rejectButton(page).boundingBox(),
    ]);
    expect(acceptBox!.y).toBe(rejectBox!.y);
    expect(acceptBox!.width).toBe(rejectBox!.width);
    // What axe cannot see, at 375 and 320 px, with the banner open.
    await expectOpenStateWcag(page, 'the cookie banner on a phone');
  });
});

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('neither the banner nor the Cookie settings button shows (they need the script)', async ({ page }) => {
    for (const path of ['/', '/contact', '/no-such-page']) {
      await page.goto(at(path));
      await expect(page.locator('[data-consent-banner]')).toBeHidden();
      await expect(page.locator('[data-cookie-settings]')).toBeHidden();
    }
  });

  test('the privacy notice’s cookie table lists GA4’s and Clarity’s cookies, from their one source', async ({
    page,
  }) => {
    await page.goto(at('/privacy'));
    const names = page.locator('main table tbody th[scope="row"]');
    const expected = cookieRows({ ga: gaId, clarity: clarityId }).map((row) => row.name);
    await expect(names).toHaveText(expected);
    expect(expected).toEqual(expect.arrayContaining(['_ga', `_ga_${gaId.slice(2)}`, '_clck', '_clsk']));
  });
});
