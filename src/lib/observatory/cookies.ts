/**
 * The cookies test of MDN HTTP Observatory v2 (mdn/mdn-http-observatory
 * src/analyzer/tests/cookies.js), fed from raw Set-Cookie values instead of the scanner's
 * tough-cookie jar. Cookies are read the way tough-cookie parses them in its default (strict)
 * mode; a cookie the jar would refuse (no name, a Domain the host is not in, a broken
 * __Secure-/__Host- prefix) is left out, and a later cookie with the same name, domain and path
 * replaces an earlier one.
 */
import { onlyIfWorse } from './rules.ts';

export type CookiesResult =
  | 'cookies-secure-with-httponly-sessions-and-samesite'
  | 'cookies-secure-with-httponly-sessions'
  | 'cookies-not-found'
  | 'cookies-without-secure-flag-but-protected-by-hsts'
  | 'cookies-session-without-secure-flag-but-protected-by-hsts'
  | 'cookies-without-secure-flag'
  | 'cookies-samesite-flag-invalid'
  | 'cookies-anticsrf-without-samesite-flag'
  | 'cookies-session-without-httponly-flag'
  | 'cookies-session-without-secure-flag';

export interface ParsedCookie {
  name: string;
  domain: string | undefined;
  path: string | undefined;
  secure: boolean;
  httpOnly: boolean;
  /** tough-cookie keeps only strict/lax/none; any other value leaves it unset. */
  sameSite: 'strict' | 'lax' | 'none' | undefined;
}

// cookies.js drops this cookie (mozilla/http-observatory issue 282).
const IGNORED_COOKIES = new Set(['heroku-session-affinity']);

// From least to most severe (cookies.js `goodness`).
const SEVERITY: readonly CookiesResult[] = [
  'cookies-without-secure-flag-but-protected-by-hsts',
  'cookies-without-secure-flag',
  'cookies-session-without-secure-flag-but-protected-by-hsts',
  'cookies-samesite-flag-invalid',
  'cookies-anticsrf-without-samesite-flag',
  'cookies-session-without-httponly-flag',
  'cookies-session-without-secure-flag',
];

/** Parses one Set-Cookie value; undefined when tough-cookie (strict mode) would reject it. */
export function parseSetCookie(header: string): ParsedCookie | undefined {
  const [pair = '', ...attributes] = header.split(';');
  const eq = pair.indexOf('=');
  if (eq <= 0) return undefined;
  const name = pair.slice(0, eq).trim();
  if (!name) return undefined;

  const cookie: ParsedCookie = {
    name,
    domain: undefined,
    path: undefined,
    secure: false,
    httpOnly: false,
    sameSite: undefined,
  };
  for (const attribute of attributes) {
    const split = attribute.indexOf('=');
    const key = (split < 0 ? attribute : attribute.slice(0, split)).trim().toLowerCase();
    const value = split < 0 ? '' : attribute.slice(split + 1).trim();
    if (key === 'secure') cookie.secure = true;
    else if (key === 'httponly') cookie.httpOnly = true;
    else if (key === 'domain' && value) cookie.domain = value.replace(/^\./, '').toLowerCase();
    else if (key === 'path' && value.startsWith('/')) cookie.path = value;
    else if (key === 'samesite') {
      const mode = value.toLowerCase();
      cookie.sameSite = mode === 'strict' || mode === 'lax' || mode === 'none' ? mode : undefined;
    }
  }
  return cookie;
}

/** cookies.js `containsInvalidSameSiteCookie`: a SameSite attribute without Lax/Strict/None. */
export function hasInvalidSameSite(header: string): boolean {
  return header
    .trim()
    .split(';')
    .some((part) => {
      const [key, value] = part.trim().split('=');
      if (!key || key.trim().toLowerCase() !== 'samesite') return false;
      return !value || !['lax', 'strict', 'none'].includes(value.trim().toLowerCase());
    });
}

function acceptedByJar(cookie: ParsedCookie, host: string): boolean {
  if (cookie.domain !== undefined && host !== cookie.domain && !host.endsWith(`.${cookie.domain}`))
    return false;
  // tough-cookie's default prefix security ("silent") drops cookies that break their prefix's rules.
  if (cookie.name.startsWith('__Secure-') && !cookie.secure) return false;
  if (cookie.name.startsWith('__Host-')) {
    if (!cookie.secure || cookie.domain !== undefined || cookie.path !== '/') return false;
  }
  return true;
}

export interface CookiesInput {
  /** Raw Set-Cookie values received from the site. */
  setCookies: readonly string[];
  /** Host the cookies were set by. */
  host: string;
  /** Whether the HSTS test passed (HSTS protects cookies lacking Secure, at a smaller cost). */
  hstsPass: boolean;
}

export function evaluateCookies(input: CookiesInput): { result: CookiesResult; pass: boolean } {
  let result: CookiesResult | undefined;

  // A malformed SameSite in the raw headers counts even if the jar then ignores the attribute.
  for (const header of input.setCookies) {
    if (hasInvalidSameSite(header)) result = onlyIfWorse('cookies-samesite-flag-invalid', result, SEVERITY);
  }

  const jar = new Map<string, ParsedCookie>();
  for (const header of input.setCookies) {
    const cookie = parseSetCookie(header);
    if (!cookie || !acceptedByJar(cookie, input.host)) continue;
    jar.set(`${cookie.name}\n${cookie.domain ?? input.host}\n${cookie.path ?? ''}`, cookie);
  }
  const cookies = [...jar.values()].filter((cookie) => !IGNORED_COOKIES.has(cookie.name));

  if (cookies.length === 0) return { result: 'cookies-not-found', pass: true };

  let missingSameSite = false;
  for (const cookie of cookies) {
    const name = cookie.name.toLowerCase();
    // Session identifiers and anti-CSRF tokens are recognised by name.
    const session = name.includes('login') || name.includes('sess');
    const antiCsrf = name.includes('csrf');

    if (!cookie.secure && cookie.sameSite === 'none') {
      result = onlyIfWorse('cookies-samesite-flag-invalid', result, SEVERITY);
    }
    if (!cookie.secure) {
      const next = input.hstsPass
        ? 'cookies-without-secure-flag-but-protected-by-hsts'
        : 'cookies-without-secure-flag';
      result = onlyIfWorse(next, result, SEVERITY);
    }
    if (antiCsrf && !cookie.sameSite) {
      result = onlyIfWorse('cookies-anticsrf-without-samesite-flag', result, SEVERITY);
    }
    if (session && !cookie.secure) {
      const next = input.hstsPass
        ? 'cookies-session-without-secure-flag-but-protected-by-hsts'
        : 'cookies-session-without-secure-flag';
      result = onlyIfWorse(next, result, SEVERITY);
    }
    if (session && !cookie.httpOnly) {
      result = onlyIfWorse('cookies-session-without-httponly-flag', result, SEVERITY);
    }
    if (!cookie.sameSite) missingSameSite = true;
  }

  result ??= missingSameSite
    ? 'cookies-secure-with-httponly-sessions'
    : 'cookies-secure-with-httponly-sessions-and-samesite';
  const pass =
    result === 'cookies-secure-with-httponly-sessions' ||
    result === 'cookies-secure-with-httponly-sessions-and-samesite';
  return { result, pass };
}
