/**
 * The browser tests reach nothing but the site under test: every request to another host is
 * answered by a stand-in or aborted, and listed, so a test can require that none was made. The
 * external scheduling page (the booking URL's origin) always gets a blank stand-in, so a page
 * that frames or opens it settles at once.
 */
import type { BrowserContext, Page, Request, Route } from '@playwright/test';
import { site } from '#src/site.config.ts';

export const bookingOrigin = new URL(site.bookingUrl).origin;

type Answer = Parameters<Route['fulfill']>[0];

/** A stand-in for some outside address: the answer to give, or undefined to leave it blocked. */
export type Stub = (url: URL, request: Request) => Answer | undefined;

export const blankBookingPage: Answer = {
  contentType: 'text/html',
  body: '<!doctype html><title>Booking</title>',
};

const isLocal = (url: URL) => url.hostname === 'localhost' || url.hostname === '127.0.0.1';

/**
 * Routes every request of `target` that leaves localhost: `stub` may answer it, the booking origin
 * gets `booking`, anything else is aborted. `external` lists every such request, `blocked` the
 * aborted ones. Routes a test adds afterwards take precedence.
 */
export async function stubNetwork(
  target: Page | BrowserContext,
  { stub, booking = blankBookingPage }: { stub?: Stub; booking?: Answer } = {},
) {
  const external: string[] = [];
  const blocked: string[] = [];
  await target.route(
    (url) => !isLocal(url),
    async (route) => {
      const request = route.request();
      const url = new URL(request.url());
      external.push(url.href);
      const answer = stub?.(url, request) ?? (url.origin === bookingOrigin ? booking : undefined);
      if (answer) return route.fulfill(answer);
      blocked.push(url.href);
      return route.abort('blockedbyclient');
    },
  );
  return { external, blocked };
}
