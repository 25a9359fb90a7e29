/**
 * Analytics with consent, on a build that has both IDs (PUBLIC_GA_ID=G-TEST123,
 * PUBLIC_CLARITY_ID=clartest). The file builds that site itself, once, into
 * <E2E_RESULTS>/dist-analytics and serves it in-process on a free port.
 *
 * Nothing here reaches the real network. Every request to a host other than localhost is
 * answered by a stub or aborted, and an aborted one fails the test:
 * - gtag.js is a stand-in that replays dataLayer as the real tag does and sends each hit to
 *   /g/collect with GA4's parameters (`en` event name, `dl` page, `ep.*` event parameters),
 *   honouring Consent Mode and GA's `ga-disable-<id>` opt-out; it sets `_ga`/`_ga_*` once
 *   analytics storage is granted, as the real tag would;
 * - Clarity's tag is a stand-in that records every `clarity(…)` call on `window.clarityCalls`
 *   and sets `_clck`/`_clsk` once consent is granted;
 * - the booking page (new tabs and the contact page's frame) is a blank page.
 */
import { readFileSync } from 'node:fs';
import { spawn } from 'node:child_process';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join, relative, resolve } from 'node:path';
import { gzipSync } from 'node:zlib';
import { expect, test as base, type BrowserContext, type Locator, type Page } from '@playwright/test';
import { parse } from 'yaml';
import { createSiteServer } from '../../../server/server.ts';
import { consentKey } from '../../../src/lib/shared/analytics.ts';
import { clarityTagUrl, gaConsentDefault, gaTagUrl } from '../../../src/lib/browser/analytics-vendors.ts';
import { isServiceRoute, serviceIdOf } from '../../../src/lib/shared/routes.ts';
import { builtServiceRoutes } from '../../../scripts/built-routes.ts';
import { elementsNamed, htmlElements } from '../../../src/lib/build/html-elements.ts';
import { isBookingPlacement, sitePlacements } from '../../support/booking-labels.ts';
import { stubNetwork } from '../../support/network.ts';
import { watchContextProblems } from '../../support/page-problems.ts';
import { sweepPages } from '../../support/pages.ts';
import { site } from '../../support/site.ts';
import { expectNoAxeViolations } from '../../support/axe.ts';
import { expectOpenStateWcag } from '../../support/wcag/beyond-axe.ts';
import { spokenPhrases } from '../../support/screen-reader.ts';
import { scrollToY } from '../../support/islands.ts';

const gaId = 'G-TEST123';
const clarityId = 'clartest';
const project = resolve(import.meta.dirname, '../../..');
const outDir = resolve(project, process.env.E2E_RESULTS ?? 'test-results', 'dist-analytics');

/** `astro build` of this project with both IDs set, as a deploy with analytics would run it. */
function buildWithAnalytics(): Promise<void> {
  const astro = join(project, 'node_modules', 'astro', 'bin', 'astro.mjs');
  // OUT_DIR gives this build its own Astro cache (astro.config.mjs), apart from any other build.
  const env = {
    ...process.env,
    PUBLIC_GA_ID: gaId,
    PUBLIC_CLARITY_ID: clarityId,
    OUT_DIR: relative(project, outDir),
  };
  return new Promise((done, fail) => {
    const child = spawn(process.execPath, [astro, 'build', '--outDir', outDir], {
      cwd: project,
      env,
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    let errors = '';
    child.stderr.on('data', (chunk: Buffer) => (errors += chunk.toString()));
    child.on('error', fail);
    child.on('exit', (code) =>
      code === 0 ? done() : fail(new Error(`astro build exited ${code}:\n${errors}`)),
    );
  });
}

// ---- Stand-ins for the vendors' tags, run in the page (serialised with toString) ----

function fakeGtag() {
  type Params = Record<string, unknown>;
  const w = window as unknown as Record<string, unknown> & { dataLayer?: unknown[] };
  const dataLayer = (w.dataLayer ??= []);
  const isCommand = (item: unknown): item is IArguments =>
    Object.prototype.toString.call(item) === '[object Arguments]';
  w.gaQueueAtLoad = JSON.parse(JSON.stringify(dataLayer.filter(isCommand).map((args) => Array.from(args))));
  const consent: Record<string, unknown> = {};
  let tid = '';
  const storeCookies = () => {
    if (!tid || consent.analytics_storage !== 'granted') return;
    document.cookie = '_ga=GA1.1.1234.5678; path=/';
    document.cookie = `_ga_${tid.slice(2)}=GS2.1.s1; path=/`;
  };
  const hit = (params: Record<string, string>) => {
    if (!tid || w[`ga-disable-${tid}`] === true) return;
    const gcs = consent.analytics_storage === 'granted' ? 'G111' : 'G100';
    const query = new URLSearchParams({ v: '2', tid, gcs, ...params });
    void fetch(`https://region1.google-analytics.com/g/collect?${query}`, {
      method: 'POST',
      mode: 'no-cors',
      keepalive: true,
    });
  };
  const run = (args: IArguments) => {
    const [command, target, options] = Array.from(args) as [string, unknown, Params | undefined];
    if (command === 'consent') {
      Object.assign(consent, options);
      storeCookies();
    } else if (command === 'config') {
      tid = String(target);
      storeCookies();
      if (options?.send_page_view !== false) hit({ en: 'page_view', dl: location.href, dt: document.title });
    } else if (command === 'event') {
      const params: Record<string, string> = { en: String(target), dl: location.href, dt: document.title };
      for (const [key, value] of Object.entries(options ?? {})) {
        if (key === 'page_location') params.dl = String(value);
        else if (key === 'page_title') params.dt = String(value);
        else params[`ep.${key}`] = String(value);
      }
      hit(params);
    }
  };
  dataLayer.filter(isCommand).forEach(run);
  const push = dataLayer.push.bind(dataLayer);
  dataLayer.push = (...items: unknown[]) => {
    items.filter(isCommand).forEach(run);
    return push(...items);
  };
}

function fakeClarity() {
  type Clarity = ((...args: unknown[]) => void) & { q?: unknown[][] };
  const w = window as unknown as { clarity?: Clarity; clarityCalls?: unknown[][] };
  const queued = w.clarity?.q ?? [];
  const calls: unknown[][] = (w.clarityCalls = []);
  w.clarity = (...args: unknown[]) => {
    calls.push(JSON.parse(JSON.stringify(args)));
    const [method, options] = args as [string, Record<string, string> | undefined];
    if (method === 'consentv2' && options?.analytics_Storage === 'granted') {
      document.cookie = '_clck=test; path=/';
      document.cookie = '_clsk=test; path=/';
    }
  };
  for (const args of queued) w.clarity(...args);
}

// ---- Network: every request outside localhost is stubbed and recorded, or aborted ----

interface Hit {
  en: string;
  /** The page the hit reports (`dl`), as path and query. */
  page: string;
  /** The event parameters (`ep.*`), without the prefix. */
  params: Record<string, string>;
  raw: string;
}

function decodeHit(url: string, body: string | null): Hit[] {
  const shared = new URL(url).searchParams;
  const lines = (body ?? '').split('\n').filter(Boolean);
  return (lines.length > 0 ? lines : ['']).map((line) => {
    const all = new URLSearchParams([...shared, ...new URLSearchParams(line)]);
    const dl = all.get('dl');
    const params = Object.fromEntries(
      [...all].filter(([key]) => key.startsWith('ep.')).map(([key, value]) => [key.slice(3), value]),
    );
    const page = dl ? new URL(dl).pathname + new URL(dl).search : '';
    return { en: all.get('en') ?? '', page, params, raw: `${url}\n${body ?? ''}` };
  });
}

const analyticsHost =
  /(^|\.)(googletagmanager\.com|google-analytics\.com|analytics\.google\.com|clarity\.ms|bing\.com)$/;

async function watchNetwork(context: BrowserContext) {
  const hits: Hit[] = [];
  const { external, blocked } = await stubNetwork(context, {
    stub: (url, request) => {
      if (url.href === gaTagUrl(gaId)) {
        return { contentType: 'text/javascript', body: `(${fakeGtag.toString()})();` };
      }
      if (url.href === clarityTagUrl(clarityId)) {
        return { contentType: 'text/javascript', body: `(${fakeClarity.toString()})();` };
      }
      if (url.hostname.endsWith('google-analytics.com') && url.pathname === '/g/collect') {
        hits.push(...decodeHit(url.href, request.postData()));
        return { status: 204 };
      }
      return undefined;
    },
  });
  return {
    hits,
    unexpected: blocked,
    analyticsRequests: () => external.filter((href) => analyticsHost.test(new URL(href).hostname)),
    tagRequests: () =>
      external.filter((href) => href === gaTagUrl(gaId) || href === clarityTagUrl(clarityId)),
  };
}

type Network = Awaited<ReturnType<typeof watchNetwork>>;

const test = base.extend<{ network: Network; problems: string[] }>({
  network: [
    async ({ context }, use) => {
      const network = await watchNetwork(context);
      await use(network);
      expect(network.unexpected, 'requests to hosts that are not stubbed').toEqual([]);
    },
    { auto: true },
  ],
  // CSP violations and script errors, on every page the test opens.
  problems: [
    async ({ context }, use) => {
      const problems = await watchContextProblems(context, { allowNotFound: true });
      await use(problems);
      expect(problems).toEqual([]);
    },
    { auto: true },
  ],
});

// ---- The page, as a visitor uses it ----

const banner = (page: Page) => page.getByRole('region', { name: 'Cookies and analytics' });
const acceptButton = (page: Page) => banner(page).getByRole('button', { name: 'Accept' });
const rejectButton = (page: Page) => banner(page).getByRole('button', { name: 'Reject' });
const cookieSettings = (page: Page) =>
  page.getByRole('contentinfo').getByRole('button', { name: 'Cookie settings' });

let origin = '';
const at = (path: string) => `${origin}${path}`;

/** Opens `path`, accepts, and waits for that page's view to arrive (the tags load at idle). */
async function accept(page: Page, network: Network, path = '/') {
  await page.goto(at(path));
  await acceptButton(page).click();
  await expect(banner(page)).toBeHidden();
  await expect.poll(() => network.hits.some((hit) => hit.en === 'page_view' && hit.page === path)).toBe(true);
}

async function analyticsCookies(context: BrowserContext) {
  return (await context.cookies()).map((cookie) => cookie.name).filter((name) => /^_(ga|cl)/.test(name));
}

const clarityCalls = (page: Page) =>
  page.evaluate(() => (window as unknown as { clarityCalls?: unknown[][] }).clarityCalls ?? []);

/** Clicks a booking link, checks the new tab opens the booking page, and closes it. */
async function clickBooking(page: Page, link: Locator) {
  const [popup] = await Promise.all([page.waitForEvent('popup'), link.click()]);
  await expect.poll(() => popup.url()).toBe(site.bookingUrl);
  await popup.close();
}

async function expectBookingClick(page: Page, network: Network, label: string) {
  await expect
    .poll(() => network.hits.filter((hit) => hit.en === 'calendly_click').map((hit) => hit.params))
    .toContainEqual({ location: label, url: site.bookingUrl });
  // Waits on the label's own call: a page may have sent calendly_click for another button already.
  await expect.poll(() => clarityCalls(page)).toContainEqual(['set', 'location', label]);
  expect(await clarityCalls(page)).toContainEqual(['event', 'calendly_click']);
}

// Every booking button of spec §2 and §7, where it is (the phone menu's is tested at phone size).
const bookingButtons: Array<{ path: string; label: string; floating?: true }> = [
  { path: '/', label: 'navigation_desktop' },
  { path: '/', label: 'home_hero' },
  { path: '/', label: 'home_cta' },
  { path: '/services', label: 'services_hero' },
  { path: '/services', label: 'services_bottom_cta' },
  ...[1, 2, 3].map((n) => ({ path: '/services/content', label: `content_package_${n}` })),
  ...[1, 2, 3].map((n) => ({ path: '/services/shopify', label: `shopify_package_${n}` })),
  { path: '/services/shopify', label: 'shopify_package_custom' },
  { path: '/services/admin-appointment', label: 'admin_appointment_free_quote' },
  { path: '/services/content', label: 'content_packages_footer' },
  { path: '/services/shopify', label: 'shopify_packages_footer' },
  { path: '/services/admin-appointment', label: 'admin_appointment_packages_footer' },
  { path: '/services/content', label: 'content_packages_sticky', floating: true },
  { path: '/services/shopify', label: 'shopify_packages_sticky', floating: true },
  { path: '/services/admin-appointment', label: 'admin_appointment_packages_sticky', floating: true },
  { path: '/about', label: 'about_cta' },
  { path: '/contact', label: 'contact_sidebar' },
  { path: '/contact/sent', label: 'contact_success_message' },
];

// One worker builds and serves the site; the tests then run in order in that worker.
test.describe.configure({ mode: 'default' });

let server: Server | undefined;

test.beforeAll(async () => {
  test.setTimeout(300_000);
  await buildWithAnalytics();
  server = createSiteServer({ root: outDir, log: () => {} });
  await new Promise<void>((listening) => server!.listen(0, '127.0.0.1', listening));
  origin = `http://localhost:${(server.address() as AddressInfo).port}`;
});

test.afterAll(async () => {
  await new Promise((closed) => server?.close(closed));
});

test.describe('before the visitor chooses', () => {
  for (const { path, status } of sweepPages) {
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
      await page.waitForLoadState('networkidle');
      const queue = await page.evaluate(() =>
        JSON.parse(
          JSON.stringify((window as unknown as { dataLayer: IArguments[] }).dataLayer.map((a) => [...a])),
        ),
      );
      expect(queue, 'only the Consent Mode default is queued').toEqual([
        ['consent', 'default', gaConsentDefault],
      ]);
      expect(await page.evaluate(() => 'clarity' in window)).toBe(false);
      expect(await page.evaluate((key) => localStorage.getItem(key), consentKey)).toBeNull();
      expect(network.analyticsRequests()).toEqual([]);
      expect(network.hits).toEqual([]);
      expect(await analyticsCookies(context)).toEqual([]);
      expect(scripts, 'JavaScript files fetched before consent').toEqual([]);
    });
  }

  test('the inline script is the same on every page, and small', async ({ request }) => {
    const bodies = new Set<string>();
    for (const { path } of sweepPages) {
      const html = await (await request.get(at(path))).text();
      const scripts = elementsNamed(html, 'script')
        .filter(({ attributes }) => attributes['src'] === undefined)
        .map(({ text }) => text);
      const analytics = scripts.filter((body) => body.includes('data-consent-banner'));
      expect(analytics, path).toHaveLength(1);
      bodies.add(analytics[0]!);
      // Last in the page, after the footer: every byte of content arrives before it.
      expect(html.indexOf(analytics[0]!), path).toBeGreaterThan(html.lastIndexOf('</footer>'));
      expect(html).toContain(`data-ga="${gaId}"`);
      expect(html).toContain(`data-clarity="${clarityId}"`);
    }
    expect(bodies.size, 'one script text, one CSP hash').toBe(1);
    const [body = ''] = bodies;
    const raw = Buffer.byteLength(body);
    const gzipped = gzipSync(body, { level: 9 }).length;
    test.info().annotations.push({ type: 'inline-bytes', description: `${raw} B raw, ${gzipped} B gzipped` });
    // Over 4096 bytes Vite would write it to a file that every page then fetches.
    expect(raw).toBeLessThan(4096);
  });

  test('the banner is keyboard accessible, its two choices equally prominent', async ({ page }) => {
    await page.goto(at('/about'));
    await expect(banner(page)).toBeVisible();
    // The banner comes right after the skip link; it never takes focus on its own.
    await expect(page.locator('body')).toBeFocused();
    await page.keyboard.press('Tab');
    await expect(page.getByRole('link', { name: 'Skip to content' })).toBeFocused();
    await page.keyboard.press('Tab');
    await expect(banner(page).getByRole('link', { name: 'How we use cookies' })).toBeFocused();
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
    const { consent } = parse(readFileSync('src/content/pages/layout.yaml', 'utf8'));
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
    await page.evaluate(() => (window as unknown as { runIdle: () => void }).runIdle());
    expect(network.tagRequests()).toEqual([]);

    await acceptButton(page).click();
    await page.waitForLoadState('networkidle');
    expect(network.tagRequests(), 'nothing before the main thread is idle').toEqual([]);
    expect(
      await page.evaluate(() => (window as unknown as { idleTimeouts: unknown[] }).idleTimeouts),
    ).toEqual([expect.any(Number)]);

    await page.evaluate(() => (window as unknown as { runIdle: () => void }).runIdle());
    await expect
      .poll(() => network.tagRequests().sort())
      .toEqual([clarityTagUrl(clarityId), gaTagUrl(gaId)].sort());
    for (const src of [gaTagUrl(gaId), clarityTagUrl(clarityId)]) {
      expect(
        await page.locator(`script[src="${src}"]`).evaluate((script: HTMLScriptElement) => script.async),
      ).toBe(true);
    }
    // The request is seen when it leaves; the stub tag records the queue only once it has run.
    const readQueue = () =>
      page.evaluate(() => (window as unknown as { gaQueueAtLoad?: unknown[][] }).gaQueueAtLoad);
    await expect.poll(readQueue).toBeDefined();
    const queueAtLoad = (await readQueue())!;
    expect(queueAtLoad[0]).toEqual(['consent', 'default', gaConsentDefault]);
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
    await accept(page, network, '/privacy');
    for (const { path } of sweepPages) {
      const address = path === '/no-such-page' ? `${path}?from=test` : path;
      const before = network.hits.length;
      const sentSince = (name: string) => network.hits.slice(before).filter((hit) => hit.en === name);
      await page.goto(at(address));
      await expect(banner(page)).toBeHidden();
      await expect.poll(() => sentSince('page_view').map((hit) => hit.page)).toContain(address);
      await page.waitForLoadState('networkidle');
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
    await form.getByRole('button', { name: 'Send Message' }).click();

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
      await page.waitForLoadState('networkidle');
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
    await expect(banner(page).getByRole('heading', { name: 'Cookies and analytics' })).toBeFocused();
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
    await page.waitForLoadState('networkidle');
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
    await page.locator('[data-mobile-menu] summary').tap();
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
});
