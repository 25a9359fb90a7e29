/**
 * Result names, score modifiers and the grade chart of MDN HTTP Observatory v2.
 *
 * Sources (mdn/mdn-http-observatory):
 * - result names: src/types.js (`Expectation`)
 * - modifiers: src/grader/charts.js (`SCORE_TABLE`), including the X-Frame-Options re-score
 *   (`SAMEORIGIN`/`DENY` earns +5, pull request #332) and the COOP/COEP tests (pull request #498)
 * - grade chart and the extra-credit threshold: src/grader/charts.js (`GRADE_CHART`,
 *   `MINIMUM_SCORE_FOR_EXTRA_CREDIT`), applied in src/scanner/index.js and src/grader/grader.js
 */

export const SCORE_MODIFIERS = {
  // Content-Security-Policy (src/analyzer/tests/csp.js)
  'csp-implemented-with-no-unsafe-default-src-none': 10,
  'csp-implemented-with-no-unsafe': 5,
  'csp-implemented-with-unsafe-inline-in-style-src-only': 0,
  'csp-implemented-but-duplicate-directives': 0,
  'csp-implemented-with-insecure-scheme-in-passive-content-only': -10,
  'csp-implemented-with-unsafe-eval': -10,
  'csp-implemented-with-unsafe-inline': -20,
  'csp-implemented-with-insecure-scheme': -20,
  'csp-header-invalid': -25,
  'csp-not-implemented': -25,
  'csp-not-implemented-but-reporting-enabled': -25,

  // Cookies (src/analyzer/tests/cookies.js)
  'cookies-secure-with-httponly-sessions-and-samesite': 5,
  'cookies-secure-with-httponly-sessions': 0,
  'cookies-not-found': 0,
  'cookies-without-secure-flag-but-protected-by-hsts': -5,
  'cookies-session-without-secure-flag-but-protected-by-hsts': -10,
  'cookies-without-secure-flag': -20,
  'cookies-samesite-flag-invalid': -20,
  'cookies-anticsrf-without-samesite-flag': -20,
  'cookies-session-without-httponly-flag': -30,
  'cookies-session-without-secure-flag': -40,

  // Cross-origin resource sharing (src/analyzer/tests/cors.js)
  'cross-origin-resource-sharing-not-implemented': 0,
  'cross-origin-resource-sharing-implemented-with-public-access': 0,
  'cross-origin-resource-sharing-implemented-with-restricted-access': 0,
  'cross-origin-resource-sharing-implemented-with-universal-access': -50,

  // Redirection (src/analyzer/tests/redirection.js)
  'redirection-all-redirects-preloaded': 0,
  'redirection-to-https': 0,
  'redirection-not-needed-no-http': 0,
  'redirection-off-host-from-http': -5,
  'redirection-not-to-https-on-initial-redirection': -10,
  'redirection-not-to-https': -20,
  'redirection-missing': -20,
  'redirection-invalid-cert': -20,

  // Referrer-Policy (src/analyzer/tests/referrer-policy.js)
  'referrer-policy-private': 5,
  'referrer-policy-not-implemented': 0,
  'referrer-policy-unsafe': -5,
  'referrer-policy-header-invalid': -5,

  // Strict-Transport-Security (src/analyzer/tests/strict-transport-security.js)
  'hsts-preloaded': 5,
  'hsts-implemented-max-age-at-least-six-months': 0,
  'hsts-implemented-max-age-less-than-six-months': -10,
  'hsts-not-implemented': -20,
  'hsts-header-invalid': -20,
  'hsts-not-implemented-no-https': -20,
  'hsts-invalid-cert': -20,

  // Subresource integrity (src/analyzer/tests/subresource-integrity.js)
  'sri-implemented-and-all-scripts-loaded-securely': 5,
  'sri-implemented-and-external-scripts-loaded-securely': 5,
  'sri-not-implemented-response-not-html': 0,
  'sri-not-implemented-but-no-scripts-loaded': 0,
  'sri-not-implemented-but-all-scripts-loaded-from-secure-origin': 0,
  'sri-not-implemented-but-external-scripts-loaded-securely': -5,
  'sri-implemented-but-external-scripts-not-loaded-securely': -20,
  'sri-not-implemented-and-external-scripts-not-loaded-securely': -50,
  'html-not-parseable': -20,

  // X-Content-Type-Options (src/analyzer/tests/x-content-type-options.js)
  'x-content-type-options-nosniff': 0,
  'x-content-type-options-not-implemented': -5,
  'x-content-type-options-header-invalid': -5,

  // X-Frame-Options (src/analyzer/tests/x-frame-options.js)
  'x-frame-options-implemented-via-csp': 5,
  'x-frame-options-sameorigin-or-deny': 5,
  'x-frame-options-allow-from-origin': 0,
  'x-frame-options-not-implemented': -20,
  'x-frame-options-header-invalid': -20,

  // Cross-Origin-Resource-Policy (src/analyzer/tests/cross-origin-resource-policy.js)
  'corp-implemented-with-same-origin': 10,
  'corp-implemented-with-same-site': 10,
  'corp-implemented-with-cross-origin': 0,
  'corp-not-implemented': 0,
  'corp-header-invalid': -5,

  // Cross-Origin-Embedder-Policy (src/analyzer/tests/cross-origin-embedder-policy.js)
  'coep-implemented-with-require-corp': 10,
  'coep-implemented-with-credentialless': 10,
  'coep-implemented-with-unsafe-none': 0,
  'coep-not-implemented': 0,
  'coep-header-invalid': -5,

  // Cross-Origin-Opener-Policy (src/analyzer/tests/cross-origin-opener-policy.js)
  'coop-implemented-with-same-origin': 10,
  'coop-implemented-with-same-origin-allow-popups': 10,
  'coop-implemented-with-noopener-allow-popups': 10,
  'coop-implemented-with-unsafe-none': 0,
  'coop-not-implemented': 0,
  'coop-header-invalid': -5,
} as const satisfies Record<string, number>;

export type ObservatoryResult = keyof typeof SCORE_MODIFIERS;

/** Bonuses count only when the score from penalties alone is at least this (an A). */
export const MINIMUM_SCORE_FOR_EXTRA_CREDIT = 90;

/** Lower bound of each grade, best first; scores are floored to a multiple of 5 and capped at 100. */
const GRADE_CHART: ReadonlyArray<readonly [number, string]> = [
  [100, 'A+'],
  [90, 'A'],
  [85, 'A-'],
  [80, 'B+'],
  [70, 'B'],
  [65, 'B-'],
  [60, 'C+'],
  [50, 'C'],
  [45, 'C-'],
  [40, 'D+'],
  [30, 'D'],
  [25, 'D-'],
  [0, 'F'],
];

/** The letter grade for a score, as src/grader/grader.js `getGradeForScore` computes it. */
export function gradeForScore(score: number): string {
  const clamped = Math.max(score, 0);
  const bucket = Math.min(clamped - (clamped % 5), 100);
  const row = GRADE_CHART.find(([floor]) => bucket >= floor);
  return row ? row[1] : 'F';
}

/**
 * Keeps the worse of two results, `order` running from best to worst (src/analyzer/utils.js
 * `onlyIfWorse`); a result missing from `order` ranks as the best.
 */
export function onlyIfWorse<T extends string>(next: T, current: T | undefined, order: readonly T[]): T {
  if (current === undefined) return next;
  return order.indexOf(next) > order.indexOf(current) ? next : current;
}
