/**
 * Google Analytics 4 and Microsoft Clarity behind the tracker, on the main thread (Clarity cannot
 * run in a worker, so no Partytown). Browser-only: used by src/lib/browser/analytics-page.ts.
 *
 * - Before any choice, GA4's Consent Mode default (everything denied) is the only thing queued,
 *   in memory; no tag is requested, so no analytics host is contacted and no cookie is set.
 * - Accept: consent is updated to granted, then gtag.js and Clarity's tag are requested async
 *   once the main thread is idle. Commands queued before they arrive are replayed by the tags.
 * - Withdrawal: consent is updated to denied, GA's documented opt-out switch (`ga-disable-<id>`)
 *   stops every further hit, Clarity is told and stopped, and the analytics cookies are deleted.
 *   Accepting again in the same page resumes GA; Clarity starts again from the next page.
 */
import {
  expiredAnalyticsCookies,
  tagUrls,
  type AnalyticsEvent,
  type AnalyticsIds,
} from '../shared/analytics.ts';

type Command = (...args: unknown[]) => void;

interface VendorGlobals {
  dataLayer?: unknown[];
  clarity?: Command & { q?: unknown[][] };
}

/** GA4 Consent Mode before the visitor has chosen: nothing may be stored, nothing used for ads. */
const gaConsentDefault = {
  analytics_storage: 'denied',
  ad_storage: 'denied',
  ad_user_data: 'denied',
  ad_personalization: 'denied',
} as const;

/** Runs `task` once the main thread is idle (within 3 s), or on a timer where idle callbacks are missing. */
function whenIdle(task: () => void): void {
  if ('requestIdleCallback' in window) requestIdleCallback(task, { timeout: 3000 });
  else setTimeout(task, 1);
}

function addScript(src: string): void {
  const script = document.createElement('script');
  script.async = true;
  script.src = src;
  document.head.append(script);
}

export function createVendors(ids: AnalyticsIds) {
  const globals = window as unknown as VendorGlobals & Record<string, unknown>;
  const gaOff = `ga-disable-${ids.ga}`;
  let granted = false;
  let configured = false;
  let requested = false;

  // gtag.js reads its commands as `arguments` objects from dataLayer (arrays mean something else there).
  function gtag(..._command: unknown[]) {
    // eslint-disable-next-line prefer-rest-params
    (globals.dataLayer ??= []).push(arguments);
  }
  // Clarity's documented queue: calls wait in `clarity.q` until its tag replaces the function.
  const clarity: Command = (...command) => {
    globals.clarity ??= Object.assign((...queued: unknown[]) => globals.clarity?.q?.push(queued), {
      q: [] as unknown[][],
    });
    globals.clarity(...command);
  };

  if (ids.ga) gtag('consent', 'default', gaConsentDefault);

  const load = () => {
    if (!granted) {
      requested = false;
      return;
    }
    for (const [vendor, tagUrl] of Object.entries(tagUrls)) {
      const id = ids[vendor as keyof AnalyticsIds];
      if (id) addScript(tagUrl(id));
    }
  };

  return {
    send(event: AnalyticsEvent) {
      if (ids.ga) {
        if (event.name === 'page_view') {
          gtag('event', 'page_view', {
            page_location: location.origin + event.params.page_path,
            page_title: document.title,
          });
        } else gtag('event', event.name, event.params);
      }
      // Clarity records page views itself; the other events become a Clarity event plus tags.
      if (ids.clarity && event.name !== 'page_view') {
        clarity('event', event.name);
        for (const [key, value] of Object.entries(event.params)) clarity('set', key, value);
      }
    },

    grant() {
      granted = true;
      if (ids.ga) {
        globals[gaOff] = false;
        gtag('consent', 'update', { analytics_storage: 'granted' });
        if (!configured) {
          configured = true;
          // Page views are sent by the tracker, on load and on every history change.
          gtag('js', new Date());
          gtag('config', ids.ga, { send_page_view: false });
        }
      }
      if (ids.clarity) clarity('consentv2', { ad_Storage: 'denied', analytics_Storage: 'granted' });
      if (!requested) {
        requested = true;
        whenIdle(load);
      }
    },

    withdraw() {
      granted = false;
      if (ids.ga) {
        gtag('consent', 'update', { analytics_storage: 'denied' });
        globals[gaOff] = true;
      }
      if (ids.clarity && globals.clarity) {
        clarity('consentv2', { ad_Storage: 'denied', analytics_Storage: 'denied' });
        clarity('stop');
      }
      for (const cookie of expiredAnalyticsCookies(document.cookie, location.hostname))
        document.cookie = cookie;
    },
  };
}
