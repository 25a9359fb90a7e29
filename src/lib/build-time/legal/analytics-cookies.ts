/**
 * Every cookie and storage key the site can set: the one source of the privacy page's cookie
 * table. The site's own two keys are strictly necessary (each keeps something the visitor asked
 * for, on their device); the rest belong to the analytics vendors. Each vendor the page script can load (`tagUrls` in
 * src/lib/shared/analytics.ts) has its list here, both keyed by the IDs' names, so a
 * vendor cannot be added without telling visitors what it stores. Vendor lists follow Google's and
 * Microsoft's own documentation (Clarity: "Cookie list" on learn.microsoft.com).
 */
import { consentKey, type AnalyticsIds } from '../../shared/analytics.ts';
import { enquiryDraftKey } from '../../shared/enquiry-draft.ts';

export type Vendor = keyof AnalyticsIds;

export interface CookieRow {
  name: string;
  provider: string;
  purpose: string;
  duration: string;
  category: 'Strictly necessary' | 'Analytics';
}

type VendorRow = Omit<CookieRow, 'provider' | 'category'>;

/** The visitor's own choice: kept whether or not analytics is ever accepted. */
const consentStorage: CookieRow = {
  name: consentKey,
  provider: 'This website',
  purpose:
    'Remembers whether you accepted or rejected analytics, so the banner does not ask again. Kept in your browser’s local storage, not sent anywhere.',
  duration: 'Until you change your choice or clear this site’s data',
  category: 'Strictly necessary',
};

/**
 * The contact form's draft (src/lib/shared/enquiry-draft.ts). Needs no consent: it is strictly
 * necessary for the service the visitor asked for (sending their message), stays on the device
 * and lasts the tab's session at most.
 */
const draftStorage: CookieRow = {
  name: enquiryDraftKey,
  provider: 'This website',
  purpose:
    'Keeps what you type into the contact form, so a reload, a closed tab or going back does not lose your message. Kept in your browser’s session storage for this tab, not sent anywhere until you press Send.',
  duration: 'Until your enquiry is received or the tab is closed',
  category: 'Strictly necessary',
};

const vendorCookies: Record<Vendor, { provider: string; cookies: (id: string) => VendorRow[] }> = {
  ga: {
    provider: 'Google Analytics 4',
    cookies: (id) => [
      { name: '_ga', purpose: 'Tells visitors apart, so visits can be counted.', duration: '2 years' },
      {
        // GA4 names the session cookie after the measurement ID without its "G-".
        name: `_ga_${id.replace(/^G-/, '')}`,
        purpose: 'Keeps the state of the current visit (session) for Google Analytics.',
        duration: '2 years',
      },
    ],
  },
  clarity: {
    provider: 'Microsoft Clarity',
    cookies: () => [
      {
        name: '_clck',
        purpose:
          'Keeps the Clarity user ID and preferences for this site, so later visits count as one user.',
        duration: '1 year',
      },
      {
        name: '_clsk',
        purpose: 'Connects the pages of one visit into one Clarity session.',
        duration: '1 day',
      },
      {
        name: 'CLID',
        purpose:
          'Set by Microsoft (clarity.ms): identifies the first time Clarity saw this browser on any site.',
        duration: '1 year',
      },
      {
        name: 'ANONCHK',
        purpose:
          'Set by Microsoft: says whether MUID is passed to an advertising cookie (Clarity sets it to 0).',
        duration: '10 minutes',
      },
      { name: 'MR', purpose: 'Set by Microsoft: says whether to refresh MUID.', duration: '7 days' },
      {
        name: 'MUID',
        purpose: 'Set by Microsoft: identifies a browser across Microsoft sites (analytics and operations).',
        duration: '1 year',
      },
      {
        name: 'SM',
        purpose: 'Set by Microsoft: keeps MUID in step across Microsoft domains.',
        duration: 'Session',
      },
    ],
  },
};

/** What a build with these analytics IDs can store: the site's own two keys, then each configured vendor's. */
export function cookieRows(ids: AnalyticsIds): CookieRow[] {
  const vendors = (Object.keys(vendorCookies) as Vendor[]).flatMap((vendor) => {
    const id = ids[vendor];
    if (!id) return [];
    const { provider, cookies } = vendorCookies[vendor];
    return cookies(id).map((row): CookieRow => ({ ...row, provider, category: 'Analytics' }));
  });
  return [consentStorage, draftStorage, ...vendors];
}
