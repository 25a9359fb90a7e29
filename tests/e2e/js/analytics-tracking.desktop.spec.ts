/**
 * Analytics after Accept on a build with both IDs: when the tags load, page views, booking clicks and
 * the contact form's events.
 * The site, its stand-in tags and the helpers: tests/support/analytics-site.ts.
 */
import { expect } from '@playwright/test';
import { tagUrls } from '#src/lib/shared/analytics.ts';
import { isServiceRoute } from '#src/lib/shared/routes.ts';
import { htmlElements } from '#src/lib/build-time/html-elements.ts';
import { builtServiceRoutes, serviceIdOf } from '#support/built-site.ts';
import { isBookingPlacement, sitePlacements } from '#support/booking-labels.ts';
import { browserSweepPages, sweepPages } from '#support/pages.ts';
import { scrollToY } from '#support/islands.ts';
import { site } from '#support/site.ts';
import {
  accept,
  acceptButton,
  analyticsCookies,
  at,
  banner,
  bookingButtons,
  clarityCalls,
  clarityId,
  clickBooking,
  consentModeDefault,
  contact,
  expectBookingClick,
  gaId,
  outDir,
  serveAnalyticsSite,
  test,
} from '#support/analytics-site.ts';
import { pageSettled } from '#support/settled.ts';

serveAnalyticsSite();

test.describe('after Accept', () => {
  test('the tags load only after Accept, async, once the main thread is idle, after the denied default', async ({
    page,
    network,
  }) => {
    // Idle callbacks are held until the test lets them run.
    await page.addInitScript(() => {
      const held: Array<() => void> = [];
      const w = window as unknown as { runIdle: () => void; idleTimeouts: unknown[] };
      w.idleTimeouts = [];
      window.requestIdleCallback = ((callback: IdleRequestCallback, options?: IdleRequestOptions) => {
        w.idleTimeouts.push(options?.timeout);
        held.push(() => callback({ didTimeout: false, timeRemaining: () => 50 }));
        return held.length;
      }) as typeof requestIdleCallback;
      w.runIdle = () => held.splice(0).forEach((run) => run());
    });
    await page.goto(at('/services'));
    // The page script's own, and after the load event the one that loads the analytics file
    // (src/lib/browser/idle-modules.ts): the banner shows only once that has run.
    const runIdle = () => page.evaluate(() => (window as unknown as { runIdle: () => void }).runIdle());
    await expect
      .poll(async () => {
        await runIdle();
        return banner(page).isVisible();
      })
      .toBe(true);
    expect(network.tagRequests()).toEqual([]);
    const idleTimeouts = () =>
      page.evaluate(() => (window as unknown as { idleTimeouts: unknown[] }).idleTimeouts);
    const before = (await idleTimeouts()).length;

    await acceptButton(page).click();
    // The choice asks for an idle callback to load the tags; until it runs, nothing is fetched.
    await expect.poll(async () => (await idleTimeouts()).slice(before)).toEqual([expect.any(Number)]);
    await page.evaluate(() => new Promise((resolve) => setTimeout(resolve)));
    expect(network.tagRequests(), 'nothing before the main thread is idle').toEqual([]);

    await runIdle();
    await expect
      .poll(() => network.tagRequests().sort())
      .toEqual([tagUrls.clarity(clarityId), tagUrls.ga(gaId)].sort());
    for (const src of [tagUrls.ga(gaId), tagUrls.clarity(clarityId)]) {
      expect(
        await page.locator(`script[src="${src}"]`).evaluate((script: HTMLScriptElement) => script.async),
      ).toBe(true);
    }
    // The request is seen when it leaves; the stub tag records the queue only once it has run.
    const readQueue = () =>
      page.evaluate(() => (window as unknown as { gaQueueAtLoad?: unknown[][] }).gaQueueAtLoad);
    await expect.poll(readQueue).toBeDefined();
    const queueAtLoad = (await readQueue())!;
    expect(queueAtLoad[0]).toEqual(['consent', 'default', consentModeDefault]);
    expect(queueAtLoad[1]).toEqual(['consent', 'update', { analytics_storage: 'granted' }]);

    // The page view held since load goes out now, once.
    await expect
      .poll(() => network.hits.filter((hit) => hit.en === 'page_view').map((hit) => hit.page))
      .toEqual(['/services']);
    expect(network.hits[0]?.raw).toContain(`tid=${gaId}`);
    expect(network.hits[0]?.raw).toContain('gcs=G111');
  });

  test('without idle callbacks, a timer loads the tags', async ({ page, network }) => {
    await page.addInitScript(() => {
      delete (window as Partial<Window>).requestIdleCallback;
    });
    await accept(page, network, '/about');
    await expect.poll(() => network.tagRequests()).toHaveLength(2);
  });

  test('every page sends one page view with its path, once the choice is remembered', async ({
    page,
    context,
    network,
  }) => {
    // Every page of the site in one test: on a shared, loaded machine that needs more than 30 s.
    test.slow();
    await accept(page, network, '/privacy');
    for (const { path } of browserSweepPages) {
      const address = path === '/no-such-page' ? `${path}?from=test` : path;
      const before = network.hits.length;
      const sentSince = (name: string) => network.hits.slice(before).filter((hit) => hit.en === name);
      await page.goto(at(address));
      await expect(banner(page)).toBeHidden();
      await expect.poll(() => sentSince('page_view').map((hit) => hit.page)).toContain(address);
      await pageSettled(page);
      expect(
        sentSince('page_view').map((hit) => hit.page),
        `one page view per load of ${address}`,
      ).toEqual([address]);
      // The stand-in tags set their cookies once consent allowed them, as the real ones would.
      expect((await analyticsCookies(context)).sort()).toEqual(['_clck', '_clsk', '_ga', '_ga_TEST123']);
      if (path !== '/no-such-page') {
        expect(sentSince('page_not_found'), address).toEqual([]);
        continue;
      }
      // The 404 page records the missing path as an event, besides its console line.
      expect(sentSince('page_not_found').map((hit) => hit.params)).toEqual([{ page_path: address }]);
      await expect.poll(() => clarityCalls(page)).toContainEqual(['event', 'page_not_found']);
      expect(await clarityCalls(page)).toContainEqual(['set', 'page_path', address]);
    }
  });

  test('a change of query or path without a page load is a page view; a fragment is not', async ({
    page,
    network,
  }) => {
    await accept(page, network, '/services');
    const pageViews = () => network.hits.filter((hit) => hit.en === 'page_view').map((hit) => hit.page);
    await expect.poll(pageViews).toEqual(['/services']);

    await page.evaluate(() => history.pushState(null, '', '/services?ref=newsletter'));
    await expect.poll(pageViews).toEqual(['/services', '/services?ref=newsletter']);
    await page.evaluate(() => history.replaceState(null, '', '/services?ref=newsletter#faq'));
    await page.evaluate(() => history.replaceState(null, '', '/services?ref=ad'));
    await expect.poll(pageViews).toEqual(['/services', '/services?ref=newsletter', '/services?ref=ad']);
    await page.goBack();
    await expect
      .poll(pageViews)
      .toEqual(['/services', '/services?ref=newsletter', '/services?ref=ad', '/services']);
  });

  for (const path of new Set(bookingButtons.map((button) => button.path))) {
    // The floating button first: it must be hidden until the visitor scrolls.
    const buttons = bookingButtons
      .filter((button) => button.path === path)
      .sort((a, b) => Number(Boolean(b.floating)) - Number(Boolean(a.floating)));
    test(`${path}: each booking button sends calendly_click with its label and the booking URL`, async ({
      page,
      network,
    }) => {
      await accept(page, network, path);
      for (const { label, floating } of buttons) {
        const link = page.locator(`a[data-booking="${label}"]`);
        await expect(link, label).toHaveCount(1);
        if (floating) {
          await expect(link, label).toBeHidden();
          await scrollToY(page, (await page.evaluate(() => innerHeight)) + 50);
        }
        await expect(link, label).toHaveAttribute('href', site.bookingUrl);
        await expect(link, label).toHaveAttribute('target', '_blank');
        await expect(link, label).toHaveAttribute('rel', 'noopener');
        const clicks = () => network.hits.filter((hit) => hit.en === 'calendly_click');
        const before = clicks().length;
        await clickBooking(page, link);
        await expectBookingClick(page, network, label);
        expect(clicks().slice(before), `one calendly_click for ${label}`).toHaveLength(1);
      }
    });
  }

  test('every booking link on the site is on the label list, and each is clicked above', async ({
    request,
  }) => {
    const serviceIds = builtServiceRoutes(outDir).map(serviceIdOf);
    // The spec's pages must carry exactly the labels above; a service added since, its own.
    const specPages = new Set(bookingButtons.map((button) => button.path));
    const found = new Set<string>();
    for (const { path } of sweepPages) {
      const html = await (await request.get(at(path))).text();
      const newService = isServiceRoute(path) && !specPages.has(path) ? serviceIdOf(path) : undefined;
      for (const label of htmlElements(html).flatMap(({ attributes }) => attributes['data-booking'] ?? [])) {
        expect(isBookingPlacement(label, serviceIds), `${path}: ${label}`).toBe(true);
        if (newService && !(sitePlacements as string[]).includes(label)) {
          expect(isBookingPlacement(label, [newService]), `${path}: ${label}`).toBe(true);
        } else found.add(label);
      }
    }
    const clicked = new Set([...bookingButtons.map((button) => button.label), 'navigation_mobile']);
    expect([...found].sort()).toEqual([...clicked].sort());
  });

  test('the contact form sends form_submit and contact_form, and nothing the visitor typed', async ({
    page,
    network,
  }) => {
    const posted: string[] = [];
    await page.route('**/api/send-contact-email', async (route) => {
      posted.push(route.request().postData() ?? '');
      await route.fulfill({ status: 200, contentType: 'application/json', body: '{"ok":true}' });
    });
    await accept(page, network, '/contact');
    const typed = {
      name: 'Ada Quill',
      email: 'ada.quill@visitor.example',
      company: 'Quill Candles',
      message: 'We need a Shopify store for our candle shop',
    };
    const form = page.locator('form[data-contact-form]');
    await form.locator('[name="name"]').fill(typed.name);
    await expect(page.locator('astro-island', { has: form })).not.toHaveAttribute('ssr');
    for (const [field, value] of Object.entries(typed)) await form.locator(`[name="${field}"]`).fill(value);
    await form.getByRole('button', { name: contact.form.submit }).click();

    await expect.poll(() => network.hits.map((hit) => hit.en)).toContain('contact_form');
    expect(network.hits.filter((hit) => hit.en === 'form_submit').map((hit) => hit.params)).toEqual([
      { form_name: 'contact' },
    ]);
    expect(network.hits.filter((hit) => hit.en === 'contact_form')).toHaveLength(1);
    await expect.poll(() => clarityCalls(page)).toContainEqual(['event', 'contact_form']);
    expect(await clarityCalls(page)).toContainEqual(['event', 'form_submit']);
    expect(await clarityCalls(page)).toContainEqual(['set', 'form_name', 'contact']);
    expect(posted).toHaveLength(1);

    const sentToAnalytics = JSON.stringify([network.hits.map((hit) => hit.raw), await clarityCalls(page)]);
    for (const value of Object.values(typed)) {
      for (const form of [
        value,
        encodeURIComponent(value),
        new URLSearchParams({ v: value }).toString().slice(2),
      ]) {
        expect(sentToAnalytics).not.toContain(form);
      }
    }

    // The sent panel's booking button (the island's own) reports its label too.
    const panelLink = page.locator('a[data-booking="contact_success_message"]');
    await clickBooking(page, panelLink);
    await expectBookingClick(page, network, 'contact_success_message');
  });
});
