/**
 * Helpers for the island and scroll-effect tests: watching which JavaScript files a page fetches,
 * holding them back to act before hydration, and scrolling to an exact offset.
 */
import { expect, type Locator, type Page, type Request } from '@playwright/test';
import { servicePlacements } from '#src/lib/shared/booking.ts';
import { content } from './content.ts';
import { phoneMenuPanelId } from '#src/lib/shared/phone-menu.ts';

const isScript = (request: Request) =>
  request.resourceType() === 'script' || new URL(request.url()).pathname.endsWith('.js');

/** Every JavaScript file the page requests from now on, with its transferred size once finished. */
export function recordScripts(page: Page) {
  const requests: Request[] = [];
  page.on('request', (request) => {
    if (isScript(request)) requests.push(request);
  });
  return {
    urls: () => requests.map((request) => new URL(request.url()).pathname),
    /** The text of every script requested so far. */
    bodies: async () =>
      Promise.all(requests.map(async (request) => (await (await request.response())?.text()) ?? '')),
    /** Bytes on the wire of every script requested so far: compressed bodies, and headers. */
    transferred: async () => {
      const total = { body: 0, headers: 0 };
      for (const request of requests) {
        await request.response();
        const sizes = await request.sizes();
        total.body += sizes.responseBodySize;
        total.headers += sizes.responseHeadersSize;
      }
      return total;
    },
  };
}

/**
 * Holds every JavaScript request until `release()` is called, so a test can use an island's
 * server HTML with JavaScript on, after the visitor's first interaction has asked for hydration.
 */
export async function holdScripts(page: Page) {
  let release = () => {};
  const released = new Promise<void>((resolve) => (release = resolve));
  const held: string[] = [];
  await page.route(
    (url) => url.pathname.endsWith('.js'),
    async (route) => {
      held.push(new URL(route.request().url()).pathname);
      await released;
      await route.continue();
    },
  );
  return { release, held: () => held };
}

/** The island's component and renderer (React) files, as named on its <astro-island>. */
export async function islandFiles(island: Locator) {
  const [component, renderer] = await Promise.all([
    island.getAttribute('component-url'),
    island.getAttribute('renderer-url'),
  ]);
  return { component: component ?? '', renderer: renderer ?? '' };
}

/**
 * Scrolls the window to `y` and resolves once the page has handled that scroll: listeners the
 * page added earlier run before this one, which is added last.
 */
export async function scrollToY(page: Page, y: number) {
  await page.evaluate(
    (target) =>
      new Promise<void>((resolve) => {
        const reachable = Math.min(target, document.documentElement.scrollHeight - innerHeight);
        if (Math.round(scrollY) === Math.round(reachable)) return resolve();
        addEventListener('scroll', () => requestAnimationFrame(() => resolve()), { once: true });
        scrollTo(0, target);
      }),
    y,
  );
}

/** The pages with an FAQ accordion (the services page and each service's) and how many questions each has. */
export const faqPages = [
  { path: '/services', faq: content.pages.services['faq'] },
  ...content.services.map((service) => ({ path: service.route, faq: service['faq'] })),
].map(({ path, faq }) => ({ path, questions: faq.items.length as number }));

/** The pages with the floating booking button, every service page, and each one's placement label. */
export const floatingBookingPages = content.services.map((service) => ({
  path: service.route,
  placement: servicePlacements(service.id).sticky,
}));

/** The phone menu's toggle once React has taken it over, and the menu it opens. */
export const phoneMenuToggle = (page: Page) =>
  page.locator(`[data-phone-menu] button[aria-controls="${phoneMenuPanelId}"]`);
export const phoneMenu = (page: Page) => page.getByRole('navigation', { name: 'Menu' });

/** The paths of the phone menu's top-level links to other pages (not the page shown). */
export const phoneMenuPagePaths = (page: Page) =>
  phoneMenu(page)
    .locator(':scope > ul > li > a:not([aria-current])')
    .evaluateAll((links) => links.map((link) => new URL((link as HTMLAnchorElement).href).pathname));

/**
 * Opens the phone menu with a tap, which also hydrates it, and waits until React has taken it
 * over: a link pressed during the takeover can be pressed on the native panel and released on
 * React's, which clicks neither (a booking link then opens no tab).
 */
export async function openPhoneMenu(page: Page) {
  await page.locator('[data-phone-menu] summary').tap();
  await expect(phoneMenuToggle(page)).toHaveAttribute('aria-expanded', 'true');
  await expect(phoneMenu(page)).toBeVisible();
}

/**
 * Resolves once React has hydrated `element` (it tags hydrated DOM nodes with its own keys).
 * Given the last element of an island, the whole island's first render is committed by then.
 */
export async function reactHydrated(element: Locator) {
  await expect
    .poll(() => element.evaluate((node) => Object.keys(node).some((key) => key.startsWith('__reactProps'))))
    .toBe(true);
}
