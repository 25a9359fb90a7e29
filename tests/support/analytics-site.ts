/**
 * Analytics with consent, on a build that has both IDs (PUBLIC_GA_ID=G-TEST123,
 * PUBLIC_CLARITY_ID=clartest). Its spec files (tests/e2e/js/analytics-*.desktop.spec.ts) share
 * one build of that site per run, in <E2E_RESULTS>/dist-analytics, each serving it in-process on a free port.
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
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import type { IncomingMessage, Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { dirname, join, relative, resolve } from 'node:path';

import { expect, test as base, type BrowserContext, type Locator, type Page } from '@playwright/test';
import { createSiteServer } from '#server/server.ts';
import { tagUrls } from '#src/lib/shared/analytics.ts';
import { servicePlacements, type SitePlacement } from '#src/lib/shared/booking.ts';

import { stubNetwork } from './network.ts';
import { watchContextProblems } from './page-problems.ts';

import { site } from './site.ts';

import { content, isPublished, type ArticleCopy, type ServiceCopy } from './content.ts';

export const contact = content.pages.contact;
export const layout = content.pages.layout;

export const gaId = 'G-TEST123';
/** GA4 Consent Mode before the visitor has chosen, as the spec asks: nothing stored, nothing for ads. */
export const consentModeDefault = {
  analytics_storage: 'denied',
  ad_storage: 'denied',
  ad_user_data: 'denied',
  ad_personalization: 'denied',
};
export const clarityId = 'clartest';
export const project = resolve(import.meta.dirname, '../..');
export const outDir = resolve(project, process.env.E2E_RESULTS ?? 'test-results', 'dist-analytics');

/** `astro build` of this project with both IDs set, as a deploy with analytics would run it. */
export function buildWithAnalytics(): Promise<void> {
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

export function fakeGtag() {
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

export function fakeClarity() {
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

export function decodeHit(url: string, body: string | null): Hit[] {
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

export const analyticsHost =
  /(^|\.)(googletagmanager\.com|google-analytics\.com|analytics\.google\.com|clarity\.ms|bing\.com)$/;

export async function watchNetwork(context: BrowserContext) {
  const hits: Hit[] = [];
  const { external, blocked } = await stubNetwork(context, {
    stub: (url, request) => {
      if (url.href === tagUrls.ga(gaId)) {
        return { contentType: 'text/javascript', body: `(${fakeGtag.toString()})();` };
      }
      if (url.href === tagUrls.clarity(clarityId)) {
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
      external.filter((href) => href === tagUrls.ga(gaId) || href === tagUrls.clarity(clarityId)),
  };
}

export type Network = Awaited<ReturnType<typeof watchNetwork>>;

export const test = base.extend<{ network: Network; problems: string[] }>({
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

export const banner = (page: Page) => page.getByRole('region', { name: layout.consent.heading });
export const acceptButton = (page: Page) => banner(page).getByRole('button', { name: 'Accept' });
export const rejectButton = (page: Page) => banner(page).getByRole('button', { name: 'Reject' });
export const cookieSettings = (page: Page) =>
  page.getByRole('contentinfo').getByRole('button', { name: layout.consent.settings });

let origin = '';
export const at = (path: string) => `${origin}${path}`;

/** Opens `path`, accepts, and waits for that page's view to arrive (the tags load at idle). */
export async function accept(page: Page, network: Network, path = '/') {
  await page.goto(at(path));
  await acceptButton(page).click();
  await expect(banner(page)).toBeHidden();
  await expect.poll(() => network.hits.some((hit) => hit.en === 'page_view' && hit.page === path)).toBe(true);
}

export async function analyticsCookies(context: BrowserContext) {
  return (await context.cookies()).map((cookie) => cookie.name).filter((name) => /^_(ga|cl)/.test(name));
}

export const clarityCalls = (page: Page) =>
  page.evaluate(() => (window as unknown as { clarityCalls?: unknown[][] }).clarityCalls ?? []);

/** Clicks a booking link, checks the new tab opens the booking page, and closes it. */
export async function clickBooking(page: Page, link: Locator) {
  const [popup] = await Promise.all([page.waitForEvent('popup'), link.click()]);
  await expect.poll(() => popup.url()).toBe(site.bookingUrl);
  await popup.close();
}

export async function expectBookingClick(page: Page, network: Network, label: string) {
  await expect
    .poll(() => network.hits.filter((hit) => hit.en === 'calendly_click').map((hit) => hit.params))
    .toContainEqual({ location: label, url: site.bookingUrl });
  // Waits on the label's own call: a page may have sent calendly_click for another button already.
  await expect.poll(() => clarityCalls(page)).toContainEqual(['set', 'location', label]);
  expect(await clarityCalls(page)).toContainEqual(['event', 'calendly_click']);
}

type BookingButton = { path: string; label: string; floating?: true };

/** A service page's booking buttons, for what its content file holds: each package, the quote card… */
function serviceBookingButtons(service: ServiceCopy): BookingButton[] {
  const own = servicePlacements(service.id);
  const path = service.route;
  const packages = service['packages'] as { items: unknown[]; custom?: unknown } | undefined;
  return [
    ...(packages?.items ?? []).map((_, index) => ({ path, label: own.package(index + 1) })),
    ...(packages?.custom ? [{ path, label: own.custom }] : []),
    ...(service['quote'] ? [{ path, label: own.quote }] : []),
    { path, label: own.footer },
    { path, label: own.sticky, floating: true as const },
  ];
}

/** The button of one published entry of a kind, if any: every entry of a kind has the same one. */
function articleBookingButton(entries: ArticleCopy[], label: SitePlacement): BookingButton[] {
  const entry = entries.find((candidate) => isPublished(candidate));
  return entry ? [{ path: entry.path, label }] : [];
}

// Every booking button of spec §2 and §7, where it is (the phone menu's is tested at phone size).
export const bookingButtons: BookingButton[] = [
  { path: '/', label: 'navigation_desktop' },
  { path: '/', label: 'home_hero' },
  { path: '/', label: 'home_cta' },
  { path: '/services', label: 'services_hero' },
  { path: '/services', label: 'services_bottom_cta' },
  ...content.services.flatMap(serviceBookingButtons),
  { path: '/about', label: 'about_cta' },
  { path: '/contact', label: 'contact_sidebar' },
  { path: '/contact/sent', label: 'contact_success_message' },
  ...articleBookingButton(content.posts, 'blog_post_cta'),
  ...articleBookingButton(content.caseStudies, 'case_study_cta'),
];

/**
 * Builds the analytics site once per test run, whichever spec file asks first: the others (other
 * workers of the same run) wait for it. A run is the Playwright process the workers belong to.
 */
async function builtOnce(): Promise<void> {
  const marker = `${outDir}.built-by-${process.ppid}`;
  const lock = `${outDir}.building-by-${process.ppid}`;
  const failed = `${outDir}.failed-by-${process.ppid}`;
  if (existsSync(marker)) return;
  mkdirSync(dirname(outDir), { recursive: true });
  try {
    mkdirSync(lock);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    while (!existsSync(marker)) {
      if (existsSync(failed)) throw new Error(readFileSync(failed, 'utf8'));
      await new Promise((wait) => setTimeout(wait, 500));
    }
    return;
  }
  try {
    await buildWithAnalytics();
  } catch (error) {
    writeFileSync(failed, String(error));
    throw error;
  }
  writeFileSync(marker, '');
}

/** Every request the served analytics site received: its path and query, and its `Sec-Purpose` ('' for none). */
export const servedRequests: Array<{ url: string; purpose: string }> = [];

/** Builds (once per run) and serves the analytics site for the spec file that calls it. */
export function serveAnalyticsSite(): void {
  let server: Server | undefined;
  // One worker serves the site; the file's tests then run in order in that worker.
  test.describe.configure({ mode: 'default' });
  test.beforeAll(async () => {
    test.setTimeout(300_000);
    await builtOnce();
    server = createSiteServer({ root: outDir, log: () => {} });
    server.on('request', (request: IncomingMessage) =>
      servedRequests.push({ url: request.url ?? '', purpose: String(request.headers['sec-purpose'] ?? '') }),
    );
    await new Promise<void>((listening) => server!.listen(0, '127.0.0.1', listening));
    origin = `http://localhost:${(server.address() as AddressInfo).port}`;
  });
  test.afterAll(async () => {
    if (server) await new Promise((closed) => server!.close(closed));
  });
}
