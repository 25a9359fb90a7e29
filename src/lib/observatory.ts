/**
 * An offline implementation of the scoring rules of MDN HTTP Observatory v2
 * (mdn/mdn-http-observatory), for grading one HTTP response — its headers, and its HTML for the
 * subresource-integrity test and `<meta>` policies — without network access.
 *
 * How the real scanner scores (src/scanner/index.js):
 * - every test yields one result, each result has a fixed modifier (src/grader/charts.js);
 * - the score starts at 100; penalties always count, bonuses only when the score from penalties
 *   alone is at least 90 (`MINIMUM_SCORE_FOR_EXTRA_CREDIT`);
 * - the grade comes from the score floored to a multiple of 5, capped at 100, never below 0
 *   (src/grader/grader.js); 100 and above is A+.
 *
 * What one response cannot show, and how it is handled here:
 * - Redirection: the scanner requests http://host/ and follows the redirects. Pass the chain as
 *   `redirectChain` (the http:// URL first, then every hop). Without it, an https response is
 *   scored the way the scanner scores a host it cannot reach over plain HTTP
 *   (`redirection-not-needed-no-http`, 0, a pass) and a note says the redirect was not checked;
 *   an http response is taken as served without any redirect (`redirection-missing`).
 * - `assumeHttps` grades a response from a local http:// server as if it had come over HTTPS (HSTS
 *   then counts, and the CSP and SRI scheme checks use https:); a note records it.
 * - CORS: the scanner sends a separate OPTIONS request with an Origin header. Pass that response
 *   as `cors`; otherwise the main response's headers are judged, with the scanner's Origin.
 * - The HSTS preload list is not bundled: pass the entries that matter as `hstsPreload`.
 * - Certificates are not checked, so `hsts-invalid-cert` and `redirection-invalid-cert` never occur.
 * - Cookies: only the Set-Cookie values given are judged (the scanner's cookie jar also collects
 *   cookies set during redirects and by /robots.txt).
 * - Subresource integrity compares registrable domains with a short list of two-label public
 *   suffixes (co.uk and the like) instead of the whole Public Suffix List, and HTML is read by a
 *   small start-tag scanner instead of htmlparser2, which never fails, so `html-not-parseable`
 *   never occurs.
 */
import { evaluateCookies } from './observatory/cookies.ts';
import { evaluateCsp } from './observatory/csp.ts';
import { HTML_TYPES, evaluateSri } from './observatory/sri.ts';
import { httpEquivValues } from './observatory/html.ts';
import {
  MINIMUM_SCORE_FOR_EXTRA_CREDIT,
  SCORE_MODIFIERS,
  gradeForScore,
  type ObservatoryResult,
} from './observatory/rules.ts';
import { parseStructuredFieldToken } from './observatory/structured-field.ts';

export { SCORE_MODIFIERS, MINIMUM_SCORE_FOR_EXTRA_CREDIT, gradeForScore, type ObservatoryResult };
export { evaluateCsp, parseCsp, type CspEvaluation } from './observatory/csp.ts';

export interface HstsPreloadEntry {
  host: string;
  includeSubDomains?: boolean;
}

export interface ObservatoryInput {
  /** URL the response was served from. */
  url: string;
  status: number;
  /** Response headers; names are matched case-insensitively. */
  headers: Record<string, string>;
  /** The response body, when it is a page (subresource integrity, `<meta>` CSP and referrer). */
  html?: string;
  /** The http:// URL the scanner would start from, then every redirect target, in order. */
  redirectChain?: string[];
  /** Raw Set-Cookie values (a `headers['set-cookie']` value is read too). */
  cookies?: string[];
  /** Grade an http:// response as if it had been served over HTTPS (for a local server). */
  assumeHttps?: boolean;
  /** Entries of the HSTS preload list to consult (the scanner bundles the whole list). */
  hstsPreload?: readonly HstsPreloadEntry[];
  /** The response to the scanner's CORS request (OPTIONS with an Origin header). */
  cors?: { headers: Record<string, string>; requestOrigin?: string };
}

export interface ObservatoryTest {
  name: ObservatoryTestName;
  result: ObservatoryResult;
  scoreModifier: number;
  pass: boolean;
}

export interface ObservatoryReport {
  score: number;
  grade: string;
  tests: ObservatoryTest[];
  testsPassed: number;
  testsFailed: number;
  /** What was assumed because a single offline response cannot show it. */
  notes: string[];
}

export type ObservatoryTestName =
  | 'content-security-policy'
  | 'cookies'
  | 'cross-origin-resource-sharing'
  | 'redirection'
  | 'referrer-policy'
  | 'strict-transport-security'
  | 'subresource-integrity'
  | 'x-content-type-options'
  | 'x-frame-options'
  | 'cross-origin-resource-policy'
  | 'cross-origin-embedder-policy'
  | 'cross-origin-opener-policy';

/** The Origin the scanner sends on its CORS request (src/config.js `retriever.corsOrigin`). */
export const SCANNER_CORS_ORIGIN = 'https://http-observatory.security.mozilla.org';

// The status codes the scanner accepts (src/scanner/index.js): 2xx, 3xx, 401 and 403.
const acceptedStatus = (status: number) =>
  status >= 200 && (status < 400 || status === 401 || status === 403);

type HeaderReader = (name: string) => string | undefined;

function headerReader(headers: Record<string, string>): HeaderReader {
  const byName = new Map<string, string>();
  for (const [name, value] of Object.entries(headers)) {
    const key = name.toLowerCase();
    const previous = byName.get(key);
    byName.set(key, previous === undefined ? value : `${previous}, ${value}`);
  }
  return (name) => byName.get(name);
}

/** src/analyzer/hsts.js `isHstsPreloaded`: the host itself, or a parent listed with includeSubDomains. */
function isPreloaded(host: string, list: readonly HstsPreloadEntry[]): boolean {
  const entries = new Map(list.map((entry) => [entry.host.toLowerCase(), entry]));
  const hostname = host.toLowerCase();
  if (entries.has(hostname)) return true;
  const labels = hostname.split('.');
  for (labels.shift(); labels.length > 0; labels.shift()) {
    if (entries.get(labels.join('.'))?.includeSubDomains) return true;
  }
  return false;
}

// 15768000 s is six months, but 15552000 (180 days) is common, so upstream accepts it.
const SIX_MONTHS = 15_552_000;

/** src/analyzer/tests/strict-transport-security.js */
function strictTransportSecurity(
  header: string | undefined,
  https: boolean,
  preloaded: boolean,
): ObservatoryResult {
  // No HTTPS response: HSTS cannot be set, and the preload list is not consulted.
  if (!https) return 'hsts-not-implemented-no-https';
  let result: ObservatoryResult = 'hsts-not-implemented';
  if (header !== undefined) {
    const value = header.slice(0, 1024);
    let maxAge: number | null = null;
    for (const parameter of value.split(';').map((part) => part.trim().toLowerCase())) {
      // Number.parseInt of a quoted value is NaN, and NaN < SIX_MONTHS is false: upstream then
      // reports "at least six months".
      if (parameter.startsWith('max-age=')) maxAge = Number.parseInt(parameter.slice(8, 128), 10);
    }
    // A comma means the header was sent twice; a missing max-age makes it unrecognisable.
    if (value.includes(',') || maxAge === null) result = 'hsts-header-invalid';
    else if (maxAge < SIX_MONTHS) result = 'hsts-implemented-max-age-less-than-six-months';
    else result = 'hsts-implemented-max-age-at-least-six-months';
  }
  // Being on the preload list overrides everything else.
  return preloaded ? 'hsts-preloaded' : result;
}

/** src/analyzer/tests/redirection.js, over the hops of the http:// request. */
function redirection(route: readonly URL[], preload: readonly HstsPreloadEntry[]): ObservatoryResult {
  const [first, second] = route;
  const last = route.at(-1);
  if (route.every((hop) => isPreloaded(hop.hostname, preload))) return 'redirection-all-redirects-preloaded';
  if (route.length === 1) return 'redirection-missing';
  if (last?.protocol !== 'https:') return 'redirection-not-to-https';
  if (second?.protocol === 'http:') return 'redirection-not-to-https-on-initial-redirection';
  if (first?.protocol === 'http:' && second?.protocol === 'https:' && first.hostname !== second.hostname) {
    return 'redirection-off-host-from-http';
  }
  return 'redirection-to-https';
}

/** src/analyzer/tests/referrer-policy.js */
function referrerPolicy(headerValue: string | undefined, metaValues: readonly string[]): ObservatoryResult {
  const good = ['no-referrer', 'same-origin', 'strict-origin', 'strict-origin-when-cross-origin'];
  const bad = ['origin', 'origin-when-cross-origin', 'unsafe-url', 'no-referrer-when-downgrade'];
  const values = [...(headerValue === undefined ? [] : [headerValue]), ...metaValues];
  if (values.length === 0) return 'referrer-policy-not-implemented';
  // The last recognised token wins, and the meta tag comes after the header.
  const policy =
    values
      .join(', ')
      .split(',')
      .map((token) => token.trim().toLowerCase())
      .filter((token) => good.includes(token) || bad.includes(token))
      .at(-1) ?? '';
  if (good.includes(policy)) return 'referrer-policy-private';
  if (bad.includes(policy)) return 'referrer-policy-unsafe';
  return 'referrer-policy-header-invalid';
}

/** src/analyzer/tests/x-content-type-options.js */
function xContentTypeOptions(header: string | undefined): ObservatoryResult {
  if (!header) return 'x-content-type-options-not-implemented';
  return header.slice(0, 256).trim().toLowerCase() === 'nosniff'
    ? 'x-content-type-options-nosniff'
    : 'x-content-type-options-header-invalid';
}

/** src/analyzer/tests/x-frame-options.js; frame-ancestors in the CSP takes precedence. */
function xFrameOptions(header: string | undefined, cspHasFrameAncestors: boolean): ObservatoryResult {
  if (cspHasFrameAncestors) return 'x-frame-options-implemented-via-csp';
  if (!header) return 'x-frame-options-not-implemented';
  const value = header.slice(0, 1024).trim().toLowerCase();
  if (value === 'deny' || value === 'sameorigin') return 'x-frame-options-sameorigin-or-deny';
  if (value.startsWith('allow-from')) return 'x-frame-options-allow-from-origin';
  return 'x-frame-options-header-invalid';
}

/** src/analyzer/tests/cross-origin-resource-policy.js */
function crossOriginResourcePolicy(header: string | undefined): ObservatoryResult {
  // A header holding only whitespace counts as absent.
  const value = (header ?? '').slice(0, 256).trim().toLowerCase();
  if (!value) return 'corp-not-implemented';
  switch (value) {
    case 'same-site':
      return 'corp-implemented-with-same-site';
    case 'same-origin':
      return 'corp-implemented-with-same-origin';
    case 'cross-origin':
      return 'corp-implemented-with-cross-origin';
    default:
      return 'corp-header-invalid';
  }
}

/** src/analyzer/tests/cross-origin-embedder-policy.js */
function crossOriginEmbedderPolicy(header: string | undefined): ObservatoryResult {
  if (!header) return 'coep-not-implemented';
  switch (parseStructuredFieldToken(header.slice(0, 1024).trim())) {
    case 'require-corp':
      return 'coep-implemented-with-require-corp';
    case 'credentialless':
      return 'coep-implemented-with-credentialless';
    case 'unsafe-none':
      return 'coep-implemented-with-unsafe-none';
    default:
      return 'coep-header-invalid';
  }
}

/** src/analyzer/tests/cross-origin-opener-policy.js */
function crossOriginOpenerPolicy(header: string | undefined): ObservatoryResult {
  if (!header) return 'coop-not-implemented';
  switch (parseStructuredFieldToken(header.slice(0, 1024).trim())) {
    case 'same-origin':
      return 'coop-implemented-with-same-origin';
    case 'same-origin-allow-popups':
      return 'coop-implemented-with-same-origin-allow-popups';
    case 'noopener-allow-popups':
      return 'coop-implemented-with-noopener-allow-popups';
    case 'unsafe-none':
      return 'coop-implemented-with-unsafe-none';
    default:
      return 'coop-header-invalid';
  }
}

/** src/analyzer/tests/cors.js */
function crossOriginResourceSharing(read: HeaderReader, requestOrigin: string): ObservatoryResult {
  const allowOrigin = read('access-control-allow-origin');
  if (!allowOrigin) return 'cross-origin-resource-sharing-not-implemented';
  if (allowOrigin.slice(0, 256).trim().toLowerCase() === '*') {
    return 'cross-origin-resource-sharing-implemented-with-public-access';
  }
  // Reflecting the requesting origin while allowing credentials lets any site read the page as the visitor.
  const credentials = read('access-control-allow-credentials');
  if (allowOrigin === requestOrigin && credentials?.toLowerCase().trim() === 'true') {
    return 'cross-origin-resource-sharing-implemented-with-universal-access';
  }
  return 'cross-origin-resource-sharing-implemented-with-restricted-access';
}

// Results that count as a pass beyond the ones a test computes itself (each test's `output.pass`).
const PASSING = new Set<ObservatoryResult>([
  'cross-origin-resource-sharing-not-implemented',
  'cross-origin-resource-sharing-implemented-with-public-access',
  'cross-origin-resource-sharing-implemented-with-restricted-access',
  'redirection-all-redirects-preloaded',
  'redirection-to-https',
  'redirection-not-needed-no-http',
  'referrer-policy-private',
  'referrer-policy-not-implemented',
  'hsts-preloaded',
  'hsts-implemented-max-age-at-least-six-months',
  'x-content-type-options-nosniff',
  'x-frame-options-implemented-via-csp',
  'x-frame-options-sameorigin-or-deny',
  'x-frame-options-allow-from-origin',
  'corp-implemented-with-same-origin',
  'corp-implemented-with-same-site',
  'corp-implemented-with-cross-origin',
  'corp-not-implemented',
  'coep-implemented-with-require-corp',
  'coep-implemented-with-credentialless',
  'coep-implemented-with-unsafe-none',
  'coep-not-implemented',
  'coop-implemented-with-same-origin',
  'coop-implemented-with-same-origin-allow-popups',
  'coop-implemented-with-noopener-allow-popups',
  'coop-implemented-with-unsafe-none',
  'coop-not-implemented',
]);

/** Splits one Set-Cookie header string holding several cookies joined with commas. */
function splitSetCookieHeader(value: string): string[] {
  // A comma starts a new cookie only when a `name=` follows; the commas of Expires dates do not.
  return value
    .split(/,(?=\s*[^;=\s,]+=)/)
    .map((cookie) => cookie.trim())
    .filter(Boolean);
}

/** Grades one response the way MDN HTTP Observatory v2 would grade the site serving it. */
export function gradeResponse(input: ObservatoryInput): ObservatoryReport {
  if (!acceptedStatus(input.status)) {
    throw new RangeError(`The Observatory does not grade a response with HTTP status ${input.status}`);
  }
  const notes: string[] = [];
  const responseUrl = new URL(input.url);
  const read = headerReader(input.headers);
  const preload = input.hstsPreload ?? [];
  const chain = (input.redirectChain ?? []).map((url) => new URL(url));
  const siteHost = (chain[0] ?? responseUrl).hostname;

  let https = responseUrl.protocol === 'https:';
  if (!https && input.assumeHttps) {
    https = true;
    notes.push(`${input.url} was graded as if it had been served over HTTPS.`);
  }

  // <meta> policies are read only from an HTML response (src/retriever/retriever.js).
  const html = input.html ?? '';
  const contentType = read('content-type');
  const equiv =
    html && HTML_TYPES.has(contentType?.split(';')[0] ?? '')
      ? httpEquivValues(html)
      : { csp: [], referrer: [] };

  const csp = evaluateCsp({
    headerValues: [read('content-security-policy')].filter((value) => value !== undefined),
    metaValues: equiv.csp,
    reportOnly: read('content-security-policy-report-only'),
    https,
  });

  const hsts = strictTransportSecurity(
    read('strict-transport-security'),
    https,
    isPreloaded(siteHost, preload),
  );

  const setCookies = [...splitSetCookieHeader(read('set-cookie') ?? ''), ...(input.cookies ?? [])];
  const cookies = evaluateCookies({
    setCookies,
    host: responseUrl.hostname,
    hstsPass: PASSING.has(hsts),
  });

  let redirect: ObservatoryResult;
  if (chain.length > 0) {
    redirect = redirection(chain, preload);
  } else if (https) {
    redirect = 'redirection-not-needed-no-http';
    notes.push(
      'The redirect from http:// was not checked (no redirect chain was given); it is scored as for a host ' +
        'that cannot be reached over HTTP: redirection-not-needed-no-http, 0.',
    );
  } else {
    redirect = redirection([responseUrl], preload);
  }

  const corsHeaders = input.cors ? headerReader(input.cors.headers) : read;
  if (!input.cors) {
    notes.push(
      'CORS was judged from the response headers given, not from a separate request carrying an Origin header.',
    );
  }
  const corsResult = crossOriginResourceSharing(
    corsHeaders,
    input.cors?.requestOrigin ?? SCANNER_CORS_ORIGIN,
  );

  const sri = evaluateSri({ contentType, html, siteHost, https });

  const computed: Array<[ObservatoryTestName, ObservatoryResult, boolean?]> = [
    ['content-security-policy', csp.result, csp.pass],
    ['cookies', cookies.result, cookies.pass],
    ['cross-origin-resource-sharing', corsResult],
    ['redirection', redirect],
    ['referrer-policy', referrerPolicy(read('referrer-policy'), equiv.referrer)],
    ['strict-transport-security', hsts],
    ['subresource-integrity', sri.result, sri.pass],
    ['x-content-type-options', xContentTypeOptions(read('x-content-type-options'))],
    [
      'x-frame-options',
      xFrameOptions(read('x-frame-options'), csp.directives?.has('frame-ancestors') ?? false),
    ],
    ['cross-origin-resource-policy', crossOriginResourcePolicy(read('cross-origin-resource-policy'))],
    ['cross-origin-embedder-policy', crossOriginEmbedderPolicy(read('cross-origin-embedder-policy'))],
    ['cross-origin-opener-policy', crossOriginOpenerPolicy(read('cross-origin-opener-policy'))],
  ];
  const tests: ObservatoryTest[] = computed.map(([name, result, pass]) => ({
    name,
    result,
    scoreModifier: SCORE_MODIFIERS[result],
    pass: pass ?? PASSING.has(result),
  }));

  const withExtraCredit = tests.reduce((score, test) => score + test.scoreModifier, 100);
  const penaltiesOnly = tests.reduce((score, test) => score + Math.min(test.scoreModifier, 0), 100);
  const raw = penaltiesOnly >= MINIMUM_SCORE_FOR_EXTRA_CREDIT ? withExtraCredit : penaltiesOnly;
  const testsPassed = tests.filter((test) => test.pass).length;

  return {
    score: Math.max(raw, 0),
    grade: gradeForScore(raw),
    tests,
    testsPassed,
    testsFailed: tests.length - testsPassed,
    notes,
  };
}
