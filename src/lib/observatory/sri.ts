/**
 * The subresource-integrity test of MDN HTTP Observatory v2 (mdn/mdn-http-observatory
 * src/analyzer/tests/subresource-integrity.js).
 */
import { collectElements } from './html.ts';
import { onlyIfWorse } from './rules.ts';

export type SriResult =
  | 'sri-implemented-and-all-scripts-loaded-securely'
  | 'sri-implemented-and-external-scripts-loaded-securely'
  | 'sri-not-implemented-response-not-html'
  | 'sri-not-implemented-but-no-scripts-loaded'
  | 'sri-not-implemented-but-all-scripts-loaded-from-secure-origin'
  | 'sri-not-implemented-but-external-scripts-loaded-securely'
  | 'sri-implemented-but-external-scripts-not-loaded-securely'
  | 'sri-not-implemented-and-external-scripts-not-loaded-securely';

export const HTML_TYPES = new Set(['text/html', 'application/xhtml+xml']);

// Public suffixes of more than one label that registrable domains are commonly under. Upstream
// uses the full ICANN section of the Public Suffix List (the tldts package); any other host falls
// back to "last two labels", which is what that list's default rule gives for single-label suffixes.
const MULTI_LABEL_SUFFIXES = new Set([
  'co.uk',
  'org.uk',
  'me.uk',
  'ltd.uk',
  'plc.uk',
  'net.uk',
  'sch.uk',
  'ac.uk',
  'gov.uk',
  'nhs.uk',
  'police.uk',
  'com.au',
  'net.au',
  'org.au',
  'edu.au',
  'gov.au',
  'co.nz',
  'org.nz',
  'net.nz',
  'co.jp',
  'ne.jp',
  'or.jp',
  'com.br',
  'com.cn',
  'co.in',
  'co.za',
  'com.mx',
  'com.tr',
  'com.sg',
  'com.hk',
  'co.kr',
  'co.il',
]);

/**
 * The registrable domain ("second-level domain") of a host, or null for IP addresses and
 * single-label hosts such as localhost, as tldts `parse(...).domain` reports them.
 */
export function registrableDomain(host: string): string | null {
  const hostname = host.toLowerCase().replace(/\.$/, '');
  if (hostname.includes(':') || hostname.startsWith('[') || /^\d+(\.\d+){3}$/.test(hostname)) return null;
  const labels = hostname.split('.');
  if (labels.length < 2 || labels.some((label) => label === '')) return null;
  const suffixLength = MULTI_LABEL_SUFFIXES.has(labels.slice(-2).join('.')) ? 2 : 1;
  if (labels.length <= suffixLength) return null;
  return labels.slice(-(suffixLength + 1)).join('.');
}

function hostOf(url: string): string | null {
  try {
    return new URL(url).hostname;
  } catch {
    return null;
  }
}

// From best to worst (subresource-integrity.js `goodness`).
const ORDER: readonly SriResult[] = [
  'sri-implemented-and-all-scripts-loaded-securely',
  'sri-implemented-and-external-scripts-loaded-securely',
  'sri-implemented-but-external-scripts-not-loaded-securely',
  'sri-not-implemented-but-external-scripts-loaded-securely',
  'sri-not-implemented-and-external-scripts-not-loaded-securely',
  'sri-not-implemented-response-not-html',
];

const PASSING: ReadonlySet<SriResult> = new Set<SriResult>([
  'sri-implemented-and-all-scripts-loaded-securely',
  'sri-implemented-and-external-scripts-loaded-securely',
  'sri-not-implemented-response-not-html',
  'sri-not-implemented-but-all-scripts-loaded-from-secure-origin',
  'sri-not-implemented-but-no-scripts-loaded',
]);

export interface SriInput {
  /** Content-Type header value, if any. */
  contentType: string | undefined;
  html: string;
  /** Host that was scanned (before any redirect). */
  siteHost: string;
  /** Whether the scanned URL is https: (relative script URLs then count as secure). */
  https: boolean;
}

export function evaluateSri(input: SriInput): { result: SriResult; pass: boolean } {
  const verdict = (result: SriResult) => ({ result, pass: PASSING.has(result) });

  // The MIME type is compared as sent, without trimming or lower-casing; no Content-Type means HTML.
  const mime = (input.contentType ?? '').split(';')[0];
  if (mime && !HTML_TYPES.has(mime)) return verdict('sri-not-implemented-response-not-html');

  const scripts = collectElements(input.html, 'script');
  // Every <script> counts, inline ones included, though only those with a src are examined.
  if (scripts.length === 0) return verdict('sri-not-implemented-but-no-scripts-loaded');

  const siteDomain = registrableDomain(input.siteHost);
  let result: SriResult | undefined;
  let foreignScripts = false;

  for (const script of scripts) {
    const src = script['src'];
    if (!src) continue;
    const integrity = Boolean(script['integrity']);

    let relativeOrigin = false; // src="/path" and the like
    let relativeProtocol = false; // src="//host/path"
    let sameSecondLevelDomain = false;
    if (/^\/\/[^/]/.test(src)) {
      relativeProtocol = true;
      sameSecondLevelDomain = true;
    } else if (/^https?:\/\//.test(src)) {
      const host = hostOf(src);
      sameSecondLevelDomain = (host === null ? null : registrableDomain(host)) === siteDomain;
    } else {
      relativeOrigin = true;
      sameSecondLevelDomain = true;
    }

    // Same origin or same registrable domain counts as a secure origin; protocol-relative never does.
    const secureOrigin = relativeOrigin || (sameSecondLevelDomain && !relativeProtocol);
    if (!secureOrigin) foreignScripts = true;

    let scheme: string | null = null;
    if (!relativeProtocol && !relativeOrigin) {
      try {
        scheme = new URL(src).protocol;
      } catch {
        scheme = null;
      }
    }
    const secureScheme = scheme === 'https:' || (relativeOrigin && input.https);

    if (!secureOrigin) {
      if (integrity && !secureScheme) {
        result = onlyIfWorse('sri-implemented-but-external-scripts-not-loaded-securely', result, ORDER);
      } else if (!integrity && secureScheme) {
        result = onlyIfWorse('sri-not-implemented-but-external-scripts-loaded-securely', result, ORDER);
      } else if (!integrity) {
        result = onlyIfWorse('sri-not-implemented-and-external-scripts-not-loaded-securely', result, ORDER);
      }
    } else if (integrity && secureScheme && result === undefined) {
      // SRI on same-origin scripts earns the bonus too.
      result = 'sri-implemented-and-all-scripts-loaded-securely';
    }
  }

  result ??= foreignScripts
    ? 'sri-implemented-and-external-scripts-loaded-securely'
    : 'sri-not-implemented-but-all-scripts-loaded-from-secure-origin';
  return verdict(result);
}
