/**
 * The site's identity and outbound addresses: the one place they are typed.
 * Every value can be overridden from the environment (see README, "Configuration"), so the
 * defaults are deliberately placeholders: a reserved `.example` domain and a dummy booking page.
 *
 * Read from `process.env` because this module is shared by the Astro build, the local server and
 * the serverless function; it must never be imported by client-side island code (islands receive
 * what they need as props).
 */

const env: Record<string, string | undefined> = typeof process === 'undefined' ? {} : process.env;

function setting(name: string, fallback: string): string {
  const value = env[name]?.trim();
  return value ? value : fallback;
}

function origin(value: string): string {
  // Canonical URLs are built from this: no trailing slash, no path.
  return new URL(value).origin;
}

/**
 * SITE_URL, else the `URL` Netlify sets during its builds (the site's main address), else the
 * placeholder. An unusable `URL` (set for some other purpose) is ignored rather than fatal.
 */
export function siteOrigin(settings: Record<string, string | undefined>): string {
  const explicit = settings.SITE_URL?.trim();
  if (explicit) return origin(explicit);
  const netlify = settings.URL?.trim();
  if (netlify && URL.canParse(netlify) && /^https?:$/.test(new URL(netlify).protocol)) return origin(netlify);
  return 'https://www.agency.example';
}

export const site = {
  /** The agency's name, shown in the logo, titles and footer. */
  brand: setting('PUBLIC_BRAND_NAME', 'Scaleworks'),
  /** The tagline, from the spec. */
  tagline: 'Building brands that scale',
  /** The agency's inbox: every mailto link and the contact error message use it. */
  email: setting('PUBLIC_CONTACT_EMAIL', 'hello@agency.example'),
  /** The external scheduling page for the free 30-minute discovery call. */
  bookingUrl: setting('PUBLIC_BOOKING_URL', 'https://booking.example/agency/30min'),
  /** Absolute origin used for canonical URLs, share tags and the sitemap. */
  url: siteOrigin(env),
  /** Length of the discovery call, in minutes. */
  callMinutes: 30,
  /** Promised reply time to an enquiry, in hours. */
  replyHours: 24,
  locale: 'en-GB',
} as const;
