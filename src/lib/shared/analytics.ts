/**
 * The analytics events of spec §7 and the consent rule around them, as plain code with no vendor
 * in it: `track()` is the one way the site reports anything, and nothing leaves the page before
 * the visitor accepts analytics.
 *
 * Events fired before the visitor has chosen (the landing page's page view, a click on the banner
 * page) are held in memory, never stored: Accept sends them, Reject discards them. After a choice,
 * events are sent at once (accepted) or dropped as they happen (rejected or withdrawn).
 *
 * Shared by the page script (src/lib/browser/analytics-page.ts), the unit tests and the browser tests.
 */
import type { BookingPlacement } from './booking.ts';

/** The one form the site has; `form_submit` names it. */
export const contactFormName = 'contact';

interface EventParams {
  /** A page view: the path and query, e.g. `/services?ref=mail` (spec §2: every change of either). */
  page_view: { page_path: string };
  /** A booking button or link: where it sits (src/lib/shared/booking.ts) and where it leads. */
  calendly_click: { location: BookingPlacement; url: string };
  /** A form was sent; only its name, never what the visitor typed. */
  form_submit: { form_name: typeof contactFormName };
  /** The contact form was sent (spec §7 names this event besides `form_submit`). */
  contact_form: Record<string, never>;
  /** The 404 page: the path that does not exist. */
  page_not_found: { page_path: string };
}

type EventName = keyof EventParams;

export type AnalyticsEvent = { [N in EventName]: { name: N; params: EventParams[N] } }[EventName];

export type Consent = 'granted' | 'denied';

interface Tracker {
  track<N extends EventName>(name: N, params: EventParams[N]): void;
  /** The visitor accepted: what was held is sent, in order, then every event as it happens. */
  grant(): void;
  /** The visitor rejected or withdrew: what was held is dropped, and every event after it. */
  deny(): void;
}

/** At most this many events wait for a choice; later ones are dropped (a page fires a handful). */
const heldEventLimit = 50;

export function createTracker(send: (event: AnalyticsEvent) => void): Tracker {
  let consent: Consent | undefined;
  let held: AnalyticsEvent[] = [];
  return {
    track(name, params) {
      const event = { name, params } as AnalyticsEvent;
      if (consent === 'granted') send(event);
      else if (consent === undefined && held.length < heldEventLimit) held.push(event);
    },
    grant() {
      consent = 'granted';
      const waiting = held;
      held = [];
      waiting.forEach(send);
    },
    deny() {
      consent = 'denied';
      held = [];
    },
  };
}

/** What a page view reports: the path and the query, without the fragment. */
export const pagePath = (location: Pick<Location, 'pathname' | 'search'>) =>
  location.pathname + location.search;

type HistoryWindow = Pick<Window, 'location' | 'history' | 'addEventListener'>;

/**
 * Calls `onChange` with the new path whenever the path or the query changes without a page load:
 * `history.pushState`/`replaceState` (wrapped here) and Back/Forward (`popstate`). Changes of the
 * fragment alone, and calls that keep the same address, are not page views.
 */
export function onPathChange(onChange: (path: string) => void, win: HistoryWindow = window): void {
  let last = pagePath(win.location);
  const check = () => {
    const path = pagePath(win.location);
    if (path === last) return;
    last = path;
    onChange(path);
  };
  const { history } = win;
  for (const method of ['pushState', 'replaceState'] as const) {
    const original = history[method];
    history[method] = function (this: History, ...args: Parameters<History['pushState']>) {
      original.apply(this, args);
      check();
    };
  }
  win.addEventListener('popstate', check);
}

/** Where the visitor's choice is kept (localStorage; not a cookie, never sent to any server). */
export const consentKey = 'analytics-consent';

type ChoiceStorage = Pick<Storage, 'getItem' | 'setItem'>;

/** The stored choice, or undefined when there is none or storage is unavailable (then: ask). */
export function readConsent(storage: () => ChoiceStorage): Consent | undefined {
  try {
    const value = storage().getItem(consentKey);
    return value === 'granted' || value === 'denied' ? value : undefined;
  } catch {
    return undefined;
  }
}

/** Keeps the choice; where storage is refused (some private modes) it holds for this page only. */
export function storeConsent(storage: () => ChoiceStorage, consent: Consent): void {
  try {
    storage().setItem(consentKey, consent);
  } catch {
    // Nothing else to do: the banner simply asks again on the next page.
  }
}

/** The cookies GA4 (`_ga`, `_ga_<container>`) and Clarity (`_clck`, `_clsk`) set on this site. */
const analyticsCookie = /^(_ga|_ga_\w+|_clck|_clsk)$/;

/**
 * `document.cookie` assignments that delete every analytics cookie in `cookieHeader`. A cookie
 * can only be deleted with the domain it was set for, and GA sets its own on the widest domain
 * it can (`agency.example` for `www.agency.example`), so each name is expired host-only and on
 * the host and every parent domain; the browser ignores the variants that do not apply.
 */
export function expiredAnalyticsCookies(cookieHeader: string, hostname: string): string[] {
  const names = new Set(
    cookieHeader
      .split(';')
      .map((pair) => pair.split('=')[0]?.trim() ?? '')
      .filter((name) => analyticsCookie.test(name)),
  );
  const labels = hostname.split('.');
  const domains = labels.slice(0, -1).map((_, index) => labels.slice(index).join('.'));
  const attributes = ['', ...domains.map((domain) => `; domain=${domain}`)];
  return [...names].flatMap((name) => attributes.map((domain) => `${name}=; max-age=0; path=/${domain}`));
}

/** The analytics IDs a build was given, as the page script reads them from the banner's data. */
export interface AnalyticsIds {
  ga?: string | undefined;
  clarity?: string | undefined;
}

/**
 * Every vendor the page can load, by its ID's name: the tag's address, which the page script
 * requests and the Content-Security-Policy allows (each one's cookies:
 * src/lib/build-time/legal/analytics-cookies.ts). IDs are letters, digits and dashes
 * (src/lib/shared/build-config.ts refuses anything else at build).
 */
export const tagUrls: Record<keyof AnalyticsIds, (id: string) => string> = {
  ga: (id) => `https://www.googletagmanager.com/gtag/js?id=${id}`,
  clarity: (id) => `https://www.clarity.ms/tag/${id}`,
};

/** The origin a vendor's tag loads from. */
export const tagOrigin = (vendor: keyof AnalyticsIds) => new URL(tagUrls[vendor]('id')).origin;
