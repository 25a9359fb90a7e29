import { describe, expect, it } from 'vitest';
import {
  consentKey,
  createTracker,
  expiredAnalyticsCookies,
  onPathChange,
  pagePath,
  readConsent,
  storeConsent,
  tagUrls,
  type AnalyticsEvent,
  type AnalyticsIds,
} from '@/lib/shared/analytics';
import { contentSecurityPolicy } from '@/lib/shared/security-headers';
import { servicePlacements } from '@/lib/shared/booking';
import { isBookingPlacement, sitePlacements } from '#support/booking-labels.ts';

function recorder() {
  const sent: AnalyticsEvent[] = [];
  return { sent, tracker: createTracker((event) => sent.push(event)) };
}

const click = { location: 'home_cta', url: 'https://booking.example/agency/30min' } as const;

describe('track() before, at and after the consent choice', () => {
  it('sends nothing before a choice, then what was held, in order, on Accept', () => {
    const { sent, tracker } = recorder();
    tracker.track('page_view', { page_path: '/services' });
    tracker.track('calendly_click', click);
    expect(sent).toEqual([]);
    tracker.grant();
    expect(sent).toEqual([
      { name: 'page_view', params: { page_path: '/services' } },
      { name: 'calendly_click', params: click },
    ]);
  });

  it('sends every event at once after Accept, and each only once', () => {
    const { sent, tracker } = recorder();
    tracker.grant();
    tracker.track('form_submit', { form_name: 'contact' });
    tracker.track('contact_form', {});
    tracker.grant();
    expect(sent.map((event) => event.name)).toEqual(['form_submit', 'contact_form']);
  });

  it('discards what was held on Reject and sends nothing after it', () => {
    const { sent, tracker } = recorder();
    tracker.track('page_view', { page_path: '/' });
    tracker.deny();
    tracker.track('calendly_click', click);
    tracker.grant();
    expect(sent).toEqual([]);
  });

  it('stops sending when consent is withdrawn, and resumes only with new events on a new Accept', () => {
    const { sent, tracker } = recorder();
    tracker.grant();
    tracker.track('page_view', { page_path: '/a' });
    tracker.deny();
    tracker.track('page_view', { page_path: '/b' });
    tracker.grant();
    tracker.track('page_view', { page_path: '/c' });
    expect(sent.map((event) => event.params)).toEqual([{ page_path: '/a' }, { page_path: '/c' }]);
  });

  it('holds at most 50 events while waiting, keeping the first', () => {
    const { sent, tracker } = recorder();
    for (let index = 0; index < 60; index++) {
      tracker.track('page_view', { page_path: `/${index}` });
    }
    tracker.grant();
    expect(sent).toHaveLength(50);
    expect(sent[0]?.params).toEqual({ page_path: '/0' });
  });
});

/** A window with just what onPathChange uses: an address, a history and popstate listeners. */
function fakeWindow(start: string) {
  const location = new URL(start);
  const listeners: Array<() => void> = [];
  const navigate = (url?: string | URL | null) => {
    if (url) location.href = new URL(url, location).href;
  };
  const history = {
    pushState: (_data: unknown, _unused: string, url?: string | URL | null) => navigate(url),
    replaceState: (_data: unknown, _unused: string, url?: string | URL | null) => navigate(url),
  };
  const win = {
    location,
    history,
    addEventListener: (type: string, listener: () => void) => {
      if (type === 'popstate') listeners.push(listener);
    },
  } as unknown as Window;
  const back = (url: string) => {
    navigate(url);
    listeners.forEach((listener) => listener());
  };
  return { win, back };
}

describe('page views on history changes', () => {
  it('reports the path with its query but without the fragment', () => {
    expect(pagePath(new URL('https://agency.example/services?ref=mail#faq'))).toBe('/services?ref=mail');
  });

  it('reports a change of path or query, by pushState, replaceState or Back', () => {
    const { win, back } = fakeWindow('https://agency.example/');
    const seen: string[] = [];
    onPathChange((path) => seen.push(path), win);
    win.history.pushState(null, '', '/services');
    win.history.replaceState(null, '', '/services?tab=2');
    back('/');
    expect(seen).toEqual(['/services', '/services?tab=2', '/']);
  });

  it('ignores a change of fragment only, or a call that keeps the address', () => {
    const { win, back } = fakeWindow('https://agency.example/about');
    const seen: string[] = [];
    onPathChange((path) => seen.push(path), win);
    win.history.pushState(null, '', '#team');
    win.history.replaceState({ state: 1 }, '');
    back('/about#top');
    expect(seen).toEqual([]);
  });
});

describe('the stored choice', () => {
  const memory = () => {
    const values = new Map<string, string>();
    return {
      values,
      storage: () => ({
        getItem: (key: string) => values.get(key) ?? null,
        setItem: (key: string, value: string) => void values.set(key, value),
      }),
    };
  };

  it(`is kept under "${consentKey}" and read back`, () => {
    const { values, storage } = memory();
    expect(readConsent(storage)).toBeUndefined();
    storeConsent(storage, 'denied');
    expect(values.get(consentKey)).toBe('denied');
    expect(readConsent(storage)).toBe('denied');
    storeConsent(storage, 'granted');
    expect(readConsent(storage)).toBe('granted');
  });

  it('counts anything else, or storage that refuses, as no choice (so the banner asks)', () => {
    const { values, storage } = memory();
    values.set(consentKey, 'yes');
    expect(readConsent(storage)).toBeUndefined();
    const refusing = () => {
      throw new DOMException('denied', 'SecurityError');
    };
    expect(readConsent(refusing)).toBeUndefined();
    expect(() => storeConsent(refusing, 'granted')).not.toThrow();
  });
});

describe('withdrawing consent deletes the analytics cookies', () => {
  it('expires GA and Clarity cookies host-only and on every parent domain, and nothing else', () => {
    const header = '_ga=GA1.1.1.1; theme=dark; _ga_TEST123=GS1; _clck=abc; _clsk=def; _gallery=1';
    const expired = expiredAnalyticsCookies(header, 'www.agency.example');
    expect(expired).toHaveLength(4 * 3);
    for (const name of ['_ga', '_ga_TEST123', '_clck', '_clsk']) {
      expect(expired).toContain(`${name}=; max-age=0; path=/`);
      expect(expired).toContain(`${name}=; max-age=0; path=/; domain=www.agency.example`);
      expect(expired).toContain(`${name}=; max-age=0; path=/; domain=agency.example`);
    }
    expect(expired.join(' ')).not.toMatch(/theme|_gallery/);
  });

  it('needs no domain attribute on a single-label host such as localhost', () => {
    expect(expiredAnalyticsCookies('_ga=1', 'localhost')).toEqual(['_ga=; max-age=0; path=/']);
    expect(expiredAnalyticsCookies('', 'localhost')).toEqual([]);
  });
});

describe('the booking placement labels', () => {
  // The issue's exact list, plus the two booking buttons it does not name (home hero, about page)
  // and the closing buttons of blog posts and case studies (issue 15).
  const issueList = [
    'navigation_desktop',
    'navigation_mobile',
    'home_cta',
    'services_hero',
    'services_bottom_cta',
    'shopify_package_custom',
    'admin_appointment_free_quote',
    'content_packages_footer',
    'shopify_packages_footer',
    'admin_appointment_packages_footer',
    'content_packages_sticky',
    'shopify_packages_sticky',
    'admin_appointment_packages_sticky',
    'contact_success_message',
    'contact_sidebar',
  ];

  // The spec's services, and the buttons each one's page has beside its package cards.
  const shopify = servicePlacements('shopify');
  const content = servicePlacements('content');
  const admin = servicePlacements('admin-appointment');
  const serviceIds = ['shopify', 'content', 'admin-appointment'];

  it('are exactly the issue’s fixed labels plus home_hero, about_cta and the two article labels', () => {
    const derived = [
      shopify.custom,
      admin.quote,
      ...[content, shopify, admin].flatMap((s) => [s.footer, s.sticky]),
    ];
    expect([...sitePlacements, ...derived].sort()).toEqual(
      [...issueList, 'home_hero', 'about_cta', 'blog_post_cta', 'case_study_cta'].sort(),
    );
  });

  it('accept the package cards by 1-based position, and nothing off the list', () => {
    for (const label of [...issueList, 'content_package_1', 'shopify_package_3', 'content_package_12']) {
      expect(isBookingPlacement(label, serviceIds), label).toBe(true);
    }
    expect(isBookingPlacement(shopify.package(2), serviceIds)).toBe(true);
    for (const label of [
      'content_package_0',
      'content_package_',
      'admin_package_1',
      'home',
      'toString',
      '',
    ]) {
      expect(isBookingPlacement(label, serviceIds), label).toBe(false);
    }
  });

  it('accept a new service’s labels once its id is among the services, with no list to extend', () => {
    const labels = ['bookkeeping_payroll_package_2', 'bookkeeping_payroll_packages_sticky'];
    for (const label of labels) {
      expect(isBookingPlacement(label, serviceIds), label).toBe(false);
      expect(isBookingPlacement(label, [...serviceIds, 'bookkeeping-payroll']), label).toBe(true);
    }
  });
});

describe('the Content-Security-Policy of a build with analytics', () => {
  const policy = (analytics: AnalyticsIds) =>
    Object.fromEntries(
      contentSecurityPolicy({ hashes: { scripts: [], styles: [] }, frameOrigins: [], analytics })
        .split('; ')
        .map((directive) => {
          const [name = '', ...sources] = directive.split(' ');
          return [name, sources];
        }),
    );

  it('lets gtag.js load from Google Tag Manager and send to GA4', () => {
    const { 'script-src': script, 'connect-src': connect } = policy({ ga: 'G-TEST123' });
    expect(script).toContain(new URL(tagUrls.ga('G-TEST123')).origin);
    expect(connect).toContain('https://*.google-analytics.com');
  });

  it('lets Clarity load its tag and its recorder, and send to its collectors', () => {
    const { 'script-src': script, 'connect-src': connect } = policy({ clarity: 'clartest' });
    expect(script).toContain(new URL(tagUrls.clarity('clartest')).origin);
    expect(script).toContain('https://*.clarity.ms');
    expect(connect).toContain('https://*.clarity.ms');
  });
});
