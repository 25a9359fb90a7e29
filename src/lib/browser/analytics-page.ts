/**
 * The page side of analytics: the consent banner, the footer's "Cookie settings" button and the
 * events of spec §7, all from one small file (analytics-start.ts) that only pages of a build with
 * an analytics ID load, once the page has loaded. Events before then are not seen (a booking click
 * in the page's first moments). Events are read from the page by delegation, so no button or form
 * needs code of its own:
 * - a page view on load, on every change of path or query, and on a restore from the back/forward
 *   cache (Back or Forward to a page kept whole: its scripts do not run again);
 * - `calendly_click` for any link with `data-booking` (its placement label);
 * - `form_submit` and `contact_form` when a `form[data-contact-form]` is sent (no field values);
 * - `page_not_found` where the page marks itself with `data-page-not-found` (the 404 page).
 * A page Chromium prerenders (the speculation rules) runs its scripts before the visitor sees it,
 * or for a page never shown: analytics, banner included, starts only once it is shown.
 */
import {
  contactFormName,
  createTracker,
  onPathChange,
  pagePath,
  readConsent,
  storeConsent,
  type Consent,
} from '../shared/analytics.ts';
import { createVendors } from './analytics-vendors.ts';
import type { BookingPlacement } from '../shared/booking.ts';

const closest = <T extends Element>(target: EventTarget | null, selector: string) =>
  target instanceof Element ? target.closest<T>(selector) : null;

/** `document.prerendering`, not yet in TypeScript's DOM types; false where unsupported. */
const prerendering = () => (document as Document & { prerendering?: boolean }).prerendering === true;

export function startAnalytics(): void {
  if (prerendering()) {
    document.addEventListener('prerenderingchange', startAnalytics, { once: true });
    return;
  }
  const banner = document.querySelector<HTMLElement>('[data-consent-banner]');
  if (!banner) return;

  // The IDs come from the banner's data attributes (data-ga, data-clarity), written by the build.
  const vendors = createVendors(banner.dataset);
  const tracker = createTracker(vendors.send);
  const storage = () => localStorage;

  const pageView = (page_path: string) => tracker.track('page_view', { page_path });
  pageView(pagePath(location));
  onPathChange(pageView);
  if (document.querySelector('[data-page-not-found]')) {
    tracker.track('page_not_found', { page_path: pagePath(location) });
  }

  // Capture phase: seen first, whatever a component does with the event afterwards.
  const bookingClick = (event: MouseEvent) => {
    const link = closest<HTMLAnchorElement>(event.target, 'a[data-booking]');
    // A middle click (auxclick, button 1) opens the booking page too.
    if (!link || (event.type === 'auxclick' && event.button !== 1)) return;
    tracker.track('calendly_click', { location: link.dataset.booking as BookingPlacement, url: link.href });
  };
  document.addEventListener('click', bookingClick, true);
  document.addEventListener('auxclick', bookingClick, true);
  document.addEventListener(
    'submit',
    (event) => {
      if (!closest(event.target, 'form[data-contact-form]')) return;
      tracker.track('form_submit', { form_name: contactFormName });
      tracker.track('contact_form', {});
    },
    true,
  );

  let current: Consent | undefined;
  const apply = (consent: Consent) => {
    current = consent;
    if (consent === 'granted') {
      vendors.grant();
      tracker.grant();
    } else {
      tracker.deny();
      vendors.withdraw();
    }
  };

  // Focus: the banner never takes focus on load. Opened from "Cookie settings", it takes focus
  // (its heading), and a choice or Escape hands it back to that button; a choice made from within
  // the banner otherwise moves focus on to the main content.
  let opener: HTMLElement | undefined;
  const close = () => {
    const hadFocus = banner.contains(document.activeElement);
    banner.hidden = true;
    if (hadFocus) (opener ?? document.getElementById('main'))?.focus({ preventScroll: !opener });
    opener = undefined;
  };
  banner.addEventListener('click', (event) => {
    const choice = closest<HTMLElement>(event.target, '[data-consent]')?.dataset.consent;
    if (choice !== 'granted' && choice !== 'denied') return;
    storeConsent(storage, choice);
    close();
    apply(choice);
  });
  banner.addEventListener('keydown', (event) => {
    if (event.key === 'Escape' && readConsent(storage)) close();
  });
  for (const item of document.querySelectorAll<HTMLElement>('[data-cookie-settings]')) {
    item.hidden = false;
    item.querySelector('button')?.addEventListener('click', (event) => {
      opener = event.currentTarget as HTMLElement;
      banner.hidden = false;
      banner.querySelector<HTMLElement>('h2')?.focus();
    });
  }

  const stored = readConsent(storage);
  if (stored) apply(stored);
  else banner.hidden = false;

  // A page restored from the back/forward cache runs no script again, and is a new view all the
  // same. A choice made on another page meanwhile holds here too (the banner then goes), before the
  // view is counted, so it is sent or held as that choice says.
  addEventListener('pageshow', (event) => {
    if (!event.persisted) return;
    const choice = readConsent(storage);
    if (choice && choice !== current) {
      close();
      apply(choice);
    }
    pageView(pagePath(location));
  });
}
