/**
 * The site's identity and outbound addresses: the one place they are typed. Shared by the Astro
 * build, the local server and the serverless function, so it stays light; it must never be
 * imported by client-side island code (islands receive what they need as props).
 *
 * Reads, trimmed (blank counts as unset), with placeholder defaults that are safe to ship nowhere:
 * - `SITE_URL`: the absolute origin of canonical URLs, share tags, the sitemap and the contact
 *   function's Origin check; any path is dropped. Default: `URL` (the main address Netlify sets
 *   during its builds) when it is an http(s) address, else https://www.agency.example.
 * - `PUBLIC_BRAND_NAME`: the agency's name in the logo, titles and footer. Default: Scaleworks.
 * - `PUBLIC_CONTACT_EMAIL`: the agency's inbox, in every mailto link and error message. Default:
 *   hello@agency.example.
 * - `PUBLIC_BOOKING_URL`: the external scheduling page for the discovery call, an absolute http(s)
 *   address. Default: https://booking.example/agency/30min.
 * A malformed `SITE_URL`, `PUBLIC_CONTACT_EMAIL` or `PUBLIC_BOOKING_URL` stops the build (and the
 * server or function reading `site`, on its first read) with an error naming the variable and the
 * form it expects.
 * `URL` is Netlify's, set for its own purposes: an unusable one is ignored rather than fatal.
 */
import { assertValid, onFirstUse, parseWebAddress, readEnv, type Env } from './lib/shared/env.ts';

// One @, something either side, no spaces: what a mailto: link and a From header both accept.
const emailAddress = /^[^\s@<>"]+@[^\s@<>"]+$/;

const originOf = (address: string | undefined) => (address ? parseWebAddress(address)?.origin : undefined);

export function siteSettings(env: Env = typeof process === 'undefined' ? {} : process.env) {
  const read = readEnv(env);
  const settings = {
    /** The agency's name, shown in the logo, titles and footer. */
    brand: read.text('PUBLIC_BRAND_NAME') ?? 'Scaleworks',
    /** The tagline, from the spec. */
    tagline: 'Building brands that scale',
    /** The agency's inbox: every mailto link and the contact error message use it. */
    email:
      read.matching(
        'PUBLIC_CONTACT_EMAIL',
        emailAddress,
        'must be an email address, like hello@agency.co.uk',
      ) ?? 'hello@agency.example',
    /** The external scheduling page for the free 30-minute discovery call. */
    bookingUrl: read.webAddress('PUBLIC_BOOKING_URL') ?? 'https://booking.example/agency/30min',
    /** Absolute origin used for canonical URLs, share tags and the sitemap: no trailing slash, no path. */
    url: originOf(read.webAddress('SITE_URL')) ?? originOf(env.URL?.trim()) ?? 'https://www.agency.example',
    /** Length of the discovery call, in minutes. */
    callMinutes: 30,
    /** Promised reply time to an enquiry, in hours. */
    replyHours: 24,
    locale: 'en-GB',
  } as const;
  assertValid(read.problems, 'site settings (src/site.config.ts)');
  return settings;
}

/**
 * The settings as the running process has them, parsed on first use (not at import), so an entry
 * point that fills the environment in from `.env` may import this like any module.
 */
export const site = onFirstUse(() => siteSettings());
