/**
 * The offline MDN HTTP Observatory grader. Expected results and modifiers come from the upstream
 * rules (mdn/mdn-http-observatory: src/grader/charts.js SCORE_TABLE, src/analyzer/tests/*.js);
 * many cases are the upstream test suite's own (test/*.test.js), rewritten.
 */
import { describe, expect, it } from 'vitest';
import {
  SCORE_MODIFIERS,
  evaluateCsp,
  gradeForScore,
  gradeResponse,
  parseCsp,
  type ObservatoryInput,
  type ObservatoryTestName,
} from '@/lib/observatory';
import { collectElements } from '@/lib/observatory/html';
import { registrableDomain } from '@/lib/observatory/sri';
import { parseStructuredFieldToken } from '@/lib/observatory/structured-field';

const SITE = 'https://www.agency.example/';

const OUR_CSP = [
  "default-src 'self'",
  "script-src 'self' 'sha256-Z2F0ZXdheS1zY3JpcHQtaGFzaC1ub3QtcmVhbC0wMDA='",
  "style-src 'self' 'sha256-c3R5bGUtaGFzaC1ub3QtcmVhbC0wMDAwMDAwMDAwMDA='",
  "img-src 'self' data:",
  "font-src 'self'",
  "connect-src 'self'",
  'frame-src https://booking.example',
  "object-src 'none'",
  "base-uri 'self'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join('; ');

const OUR_HEADERS: Record<string, string> = {
  'Content-Type': 'text/html; charset=utf-8',
  'Content-Security-Policy': OUR_CSP,
  'Strict-Transport-Security': 'max-age=63072000; includeSubDomains',
  'X-Content-Type-Options': 'nosniff',
  'Referrer-Policy': 'strict-origin-when-cross-origin',
  'Permissions-Policy': 'camera=(), microphone=(), geolocation=()',
  'Cross-Origin-Opener-Policy': 'same-origin',
  'X-Frame-Options': 'DENY',
};

// A page like ours: hashed inline script, same-origin module script, no third-party script.
const OUR_HTML = `<!doctype html><html lang="en-GB"><head><meta charset="utf-8">
<script>document.documentElement.classList.add('js')</script>
<script type="module" src="/_astro/page.Bx1.js"></script>
<script type="application/ld+json">{"@context":"https://schema.org"}</script>
</head><body><iframe src="https://booking.example/embed" title="Book a call"></iframe></body></html>`;

function grade(headers: Record<string, string>, extra: Partial<ObservatoryInput> = {}) {
  return gradeResponse({ url: SITE, status: 200, headers, ...extra });
}

function outcome(
  name: ObservatoryTestName,
  headers: Record<string, string>,
  extra: Partial<ObservatoryInput> = {},
) {
  const test = grade(headers, extra).tests.find((entry) => entry.name === name);
  if (!test) throw new Error(`No ${name} test in the report`);
  return { result: test.result, modifier: test.scoreModifier, pass: test.pass };
}

const csp = (policy: string, extra: Partial<ObservatoryInput> = {}) =>
  outcome('content-security-policy', { 'Content-Security-Policy': policy }, extra);

describe('grade chart (src/grader/charts.js GRADE_CHART, src/grader/grader.js)', () => {
  it.each([
    [135, 'A+'],
    [100, 'A+'],
    [99, 'A'],
    [90, 'A'],
    [89, 'A-'],
    [85, 'A-'],
    [84, 'B+'],
    [80, 'B+'],
    [79, 'B'],
    [70, 'B'],
    [69, 'B-'],
    [65, 'B-'],
    [64, 'C+'],
    [60, 'C+'],
    [59, 'C'],
    [50, 'C'],
    [49, 'C-'],
    [45, 'C-'],
    [44, 'D+'],
    [40, 'D+'],
    [39, 'D'],
    [30, 'D'],
    [29, 'D-'],
    [25, 'D-'],
    [24, 'F'],
    [0, 'F'],
    [-10, 'F'],
  ])('score %i is %s', (score, letter) => {
    expect(gradeForScore(score)).toBe(letter);
  });

  it('lists a modifier for every result, bonuses capped at +10 and penalties at -50', () => {
    const modifiers = Object.values(SCORE_MODIFIERS);
    expect(Object.keys(SCORE_MODIFIERS)).toHaveLength(77);
    expect(Math.max(...modifiers)).toBe(10);
    expect(Math.min(...modifiers)).toBe(-50);
  });
});

describe('extra credit (src/scanner/index.js, MINIMUM_SCORE_FOR_EXTRA_CREDIT = 90)', () => {
  it('adds bonuses when the penalties alone leave 90 or more', () => {
    // -5 (X-Content-Type-Options missing) and -5 (Referrer-Policy unsafe) leave exactly 90.
    const headers: Record<string, string> = { ...OUR_HEADERS, 'Referrer-Policy': 'unsafe-url' };
    delete headers['X-Content-Type-Options'];
    const report = grade(headers, { html: OUR_HTML });
    // 100 - 10 + CSP 5 + XFO via CSP 5 + COOP 10.
    expect(report.score).toBe(110);
    expect(report.grade).toBe('A+');
  });

  it('drops every bonus once the penalties take the score below 90', () => {
    // -5, -5 and -10 (HSTS under six months): 80 without bonuses, although +20 of bonuses remain.
    const headers: Record<string, string> = {
      ...OUR_HEADERS,
      'Referrer-Policy': 'unsafe-url',
      'Strict-Transport-Security': 'max-age=86400',
    };
    delete headers['X-Content-Type-Options'];
    const report = grade(headers, { html: OUR_HTML });
    expect(report.score).toBe(80);
    expect(report.grade).toBe('B+');
  });

  it('never reports a score below 0', () => {
    const report = grade(
      { 'Content-Type': 'text/html', 'Set-Cookie': 'sessionid=1; SameSite=Wrong' },
      { url: 'http://www.agency.example/', html: '<script src="http://cdn.other.example/x.js"></script>' },
    );
    expect(report.score).toBe(0);
    expect(report.grade).toBe('F');
  });
});

describe('Content-Security-Policy (src/analyzer/tests/csp.js)', () => {
  it('csp-not-implemented is -25 and fails', () => {
    expect(outcome('content-security-policy', {})).toEqual({
      result: 'csp-not-implemented',
      modifier: -25,
      pass: false,
    });
  });

  it('a report-only policy alone is csp-not-implemented-but-reporting-enabled, -25', () => {
    expect(
      outcome('content-security-policy', {
        'Content-Security-Policy-Report-Only': "default-src 'none'; report-to /_/csp-reports",
      }),
    ).toEqual({ result: 'csp-not-implemented-but-reporting-enabled', modifier: -25, pass: false });
  });

  it.each([
    '  ',
    '',
    "default-src 'none'; default-src 'none'",
    "default-src 'none'; img-src 'self'; default-src 'none'",
    "default-src 'none'; script-src 'strict-dynamic'",
    'defa',
    "default-src 'self',",
  ])('csp-header-invalid (-25) for %j', (policy) => {
    expect(csp(policy)).toEqual({ result: 'csp-header-invalid', modifier: -25, pass: false });
  });

  it.each([
    "script-src 'unsafe-inline'",
    'script-src data:',
    'script-src http:',
    'script-src ftp:',
    "default-src 'unsafe-inline'",
    "default-src 'UNSAFE-INLINE'",
    'upgrade-insecure-requests',
    "frame-ancestors 'none'",
    "script-src 'none'",
    'script-src https:',
    'script-src https://mozilla.org https:',
    'default-src https://mozilla.org https:',
    "default-src 'none'; script-src *",
    "default-src 'none'; script-src https://*",
    "default-src *; script-src *; object-src 'none'",
    "default-src 'none'; script-src 'none'; object-src *",
    "default-src 'none'; script-src 'unsafe-inline' 'unsafe-eval'",
    "default-src 'none'; script-src 'unsafe-inline' http:",
    "object-src https:; script-src 'none'",
  ])('csp-implemented-with-unsafe-inline (-20) for %j', (policy) => {
    expect(csp(policy)).toEqual({ result: 'csp-implemented-with-unsafe-inline', modifier: -20, pass: false });
  });

  it.each([
    'default-src http://mozilla.org',
    "default-src 'none'; script-src http://mozilla.org",
    "default-src 'none'; script-src ftp://mozilla.org",
    "default-src 'self'; img-src 'self'; connect-src http://api.example",
  ])('csp-implemented-with-insecure-scheme (-20) for %j', (policy) => {
    expect(csp(policy)).toEqual({
      result: 'csp-implemented-with-insecure-scheme',
      modifier: -20,
      pass: false,
    });
  });

  it('csp-implemented-with-unsafe-eval is -10', () => {
    expect(csp("default-src 'none'; script-src 'unsafe-eval'")).toEqual({
      result: 'csp-implemented-with-unsafe-eval',
      modifier: -10,
      pass: false,
    });
    expect(csp("default-src 'self'; style-src 'self' 'unsafe-eval'").result).toBe(
      'csp-implemented-with-unsafe-eval',
    );
  });

  it.each([
    "default-src 'none'; img-src http://mozilla.org",
    "default-src 'self'; img-src ftp:",
    "default-src 'self'; img-src http:",
    "default-src 'none'; img-src https:; media-src http://mozilla.org",
    "default-src 'none'; img-src http: https:; script-src 'self'; style-src 'self'",
    "default-src 'none'; img-src 'none'; media-src http:; script-src 'self'; style-src 'unsafe-inline'",
  ])('csp-implemented-with-insecure-scheme-in-passive-content-only (-10, still a pass) for %j', (policy) => {
    expect(csp(policy)).toEqual({
      result: 'csp-implemented-with-insecure-scheme-in-passive-content-only',
      modifier: -10,
      pass: true,
    });
  });

  it('judges http:/ftp: sources only for an https site', () => {
    const policy = "default-src 'self' http://cdn.example";
    expect(csp(policy).result).toBe('csp-implemented-with-insecure-scheme');
    expect(csp(policy, { url: 'http://localhost:4321/' }).result).toBe('csp-implemented-with-no-unsafe');
    expect(csp(policy, { url: 'http://localhost:4321/', assumeHttps: true }).result).toBe(
      'csp-implemented-with-insecure-scheme',
    );
  });

  it.each([
    "object-src 'none'; script-src 'none'; style-src 'unsafe-inline'",
    "default-src 'none'; script-src https://mozilla.org; style-src 'unsafe-inline'",
    "default-src 'unsafe-inline'; script-src https://mozilla.org",
    "default-src 'none';;; ;;;style-src 'self' 'unsafe-inline'",
    "default-src 'none'; style-src data:",
    "default-src 'none'; style-src *",
    "default-src 'none'; style-src https:",
    "default-src 'none'; style-src 'unsafe-inline'; script-src 'sha256-hqBEA/HXB3aJU2FgOnYN8rkAgEVgyfi3Vs1j2/XMPBB=' 'unsafe-inline'",
  ])('csp-implemented-with-unsafe-inline-in-style-src-only (0, a pass) for %j', (policy) => {
    expect(csp(policy)).toEqual({
      result: 'csp-implemented-with-unsafe-inline-in-style-src-only',
      modifier: 0,
      pass: true,
    });
  });

  it.each([
    'default-src https://mozilla.org',
    "default-src https://mozilla.org;;; ;;;script-src 'none'",
    "object-src 'none'; script-src https://mozilla.org; style-src https://mozilla.org; upgrade-insecure-requests;",
    "object-src 'none'; script-src 'strict-dynamic' 'nonce-abc' 'unsafe-inline'; style-src 'none'",
    "object-src 'none'; style-src 'self';script-src 'sha256-hqBEA/HXB3aJU2FgOnYN8rkAgEVgyfi3Vs1j2/XMPBA='",
    "object-src 'none'; script-src 'unsafe-inline' 'nonce-abc123' 'unsafe-inline'; style-src 'none'",
    "default-src https://mozilla.org; style-src 'unsafe-inline' 'nonce-abc123' 'unsafe-inline'",
    OUR_CSP,
  ])('csp-implemented-with-no-unsafe (+5) for %j', (policy) => {
    expect(csp(policy)).toEqual({ result: 'csp-implemented-with-no-unsafe', modifier: 5, pass: true });
  });

  it.each([
    'default-src',
    "default-src 'none'; script-src 'strict-dynamic' 'nonce-abc123' 'unsafe-inline'",
    "default-src 'none'; script-src 'strict-dynamic' 'sha256-abc123' https://*",
    "default-src 'none'; script-src https://mozilla.org; style-src https://mozilla.org; upgrade-insecure-requests;",
    "default-src 'none'; object-src https://mozilla.org",
    "default-src 'none'; script-src 'self' 'sha256-abc'; style-src 'self'; img-src 'self' data:; form-action 'self'",
  ])('csp-implemented-with-no-unsafe-default-src-none (+10) for %j', (policy) => {
    expect(csp(policy)).toEqual({
      result: 'csp-implemented-with-no-unsafe-default-src-none',
      modifier: 10,
      pass: true,
    });
  });

  it('does not require form-action, base-uri or frame-ancestors for the bonus; it only records them', () => {
    expect(csp("default-src 'none'").modifier).toBe(10);
    const flags = evaluateCsp({ headerValues: ["default-src 'none'"], metaValues: [], https: true }).policy;
    expect(flags).toMatchObject({
      defaultNone: true,
      antiClickjacking: false,
      insecureBaseUri: true,
      insecureFormAction: true,
    });
    const ours = evaluateCsp({ headerValues: [OUR_CSP], metaValues: [], https: true }).policy;
    expect(ours).toMatchObject({
      antiClickjacking: true,
      insecureBaseUri: false,
      insecureFormAction: false,
      unsafeObjects: false,
      unsafeInline: false,
      defaultNone: false,
    });
  });

  it("marks 'strict-dynamic' with a nonce or hash and drops the sources browsers then ignore", () => {
    const evaluation = evaluateCsp({
      headerValues: [
        "default-src 'none'; script-src 'strict-dynamic' 'sha256-abc123' 'self' https: 'unsafe-inline'",
      ],
      metaValues: [],
      https: true,
    });
    expect(evaluation.result).toBe('csp-implemented-with-no-unsafe-default-src-none');
    expect(evaluation.policy?.strictDynamic).toBe(true);
    expect([...(evaluation.directives?.get('script-src') ?? [])].sort()).toEqual([
      "'sha256-abc123'",
      "'strict-dynamic'",
    ]);
  });

  it('reports a repeated report-uri in a passing policy as csp-implemented-but-duplicate-directives (0)', () => {
    expect(csp("default-src 'none'; report-uri https://a.example/r; report-uri https://b.example/r")).toEqual(
      { result: 'csp-implemented-but-duplicate-directives', modifier: 0, pass: true },
    );
    // A failing policy keeps its failure.
    expect(csp("script-src 'unsafe-inline'; report-to a; report-to b").result).toBe(
      'csp-implemented-with-unsafe-inline',
    );
  });

  it('reads comma-separated policies in one header as several policies, a source needing both', () => {
    expect(csp("default-src 'self' https://cdn.example, default-src 'none'").result).toBe(
      'csp-implemented-with-no-unsafe-default-src-none',
    );
    expect(csp("default-src 'none', script-src 'self'").modifier).toBe(10);
  });

  describe('<meta http-equiv> policies (src/retriever/utils.js, cspParser.js parseCspMeta)', () => {
    const page = (metas: string) => `<html><head>${metas}</head><body></body></html>`;
    const htmlHeaders = { 'Content-Type': 'text/html; charset=utf-8' };

    it('scores a policy given only in a meta element', () => {
      const html = page(`<meta http-equiv="Content-Security-Policy" content="default-src 'none'">`);
      expect(outcome('content-security-policy', htmlHeaders, { html }).result).toBe(
        'csp-implemented-with-no-unsafe-default-src-none',
      );
    });

    it('ignores frame-ancestors, report-uri and sandbox in meta, so such a policy counts as missing', () => {
      const html = page(`<meta http-equiv="content-security-policy" content="frame-ancestors 'none'">`);
      expect(outcome('content-security-policy', htmlHeaders, { html }).result).toBe('csp-not-implemented');
    });

    it('intersects header and meta policies', () => {
      const html = page(`<meta http-equiv="Content-Security-Policy" content="default-src https:">`);
      const headers = { ...htmlHeaders, 'Content-Security-Policy': 'default-src http:' };
      expect(outcome('content-security-policy', headers, { html }).result).toBe(
        'csp-implemented-with-no-unsafe-default-src-none',
      );
    });

    it('reads meta policies only from an HTML response', () => {
      const html = page(`<meta http-equiv="Content-Security-Policy" content="default-src 'none'">`);
      expect(outcome('content-security-policy', { 'Content-Type': 'text/plain' }, { html }).result).toBe(
        'csp-not-implemented',
      );
    });

    it('skips meta elements inside comments and scripts', () => {
      const html = page(
        `<!-- <meta http-equiv="Content-Security-Policy" content="default-src 'none'"> -->` +
          `<script>document.write('<meta http-equiv="Content-Security-Policy" content="default-src *">')</script>`,
      );
      expect(outcome('content-security-policy', htmlHeaders, { html }).result).toBe('csp-not-implemented');
    });
  });
});

describe('CSP parser (src/analyzer/cspParser.js)', () => {
  const parsed = (...policies: string[]) =>
    Object.fromEntries(
      [...parseCsp(policies).directives].map(([name, sources]) => [name, [...sources].sort()]),
    );

  it('lower-cases directives and sources, and reads an empty source list as none', () => {
    expect(parsed("Default-Src 'NONE'; SCRIPT-SRC 'self' HTTPS://Mozilla.org; img-src")).toEqual({
      'default-src': ["'none'"],
      'script-src': ["'self'", 'https://mozilla.org'],
      'img-src': ["'none'"],
    });
  });

  it('keeps only the sources every policy allows', () => {
    const first = "default-src 'none'; script-src 'self' https://mozilla.org";
    expect(parsed(first, first)).toEqual({
      'default-src': ["'none'"],
      'script-src': ["'self'", 'https://mozilla.org'],
    });
    expect(
      parsed(first, "default-src 'none'; script-src https://example.com 'self' https://mozilla.org"),
    ).toEqual({
      'default-src': ["'none'"],
      'script-src': ["'self'", 'https://mozilla.org'],
    });
    expect(parsed('default-src https://mozilla.org', 'default-src https://mozilla.com')).toEqual({
      'default-src': ["'none'"],
    });
    expect(
      parsed(
        'default-src https://mozilla.org https://mozilla.net https://mozilla.com https://mozilla.io',
        'default-src https://mozilla.pizza https://mozilla.ninja https://mozilla.net https://mozilla.org',
      ),
    ).toEqual({ 'default-src': ['https://mozilla.net', 'https://mozilla.org'] });
    expect(parsed('default-src http: http:', 'default-src https: https:')).toEqual({
      'default-src': ["'none'"],
    });
  });

  it('matches paths across policies', () => {
    expect(
      parsed('default-src https://mozilla.org/fire', 'default-src https://mozilla.org/firefox/'),
    ).toEqual({
      'default-src': ["'none'"],
    });
    expect(
      parsed('default-src https://mozilla.org/firefox/', 'default-src https://mozilla.org/firefox/download/'),
    ).toEqual({ 'default-src': ['https://mozilla.org/firefox/download/'] });
    expect(
      parsed('default-src https://mozilla.org/firefox/download/', 'default-src https://mozilla.org/firefox/'),
    ).toEqual({ 'default-src': ['https://mozilla.org/firefox/download/'] });
  });

  it('drops a source that extends another in the same list', () => {
    expect(parsed('frame-src https: https://booking.example')).toEqual({ 'frame-src': ['https:'] });
  });

  it.each(['  ', '\r\n', '', "default-src 'none'; default-src 'none'", 'defa'])('rejects %j', (policy) => {
    expect(() => parseCsp([policy])).toThrow();
  });

  it('allows repeated report-uri and report-to, and reports them', () => {
    expect([...parseCsp(['report-uri /a ; report-uri /b']).duplicates]).toEqual(['report-uri']);
    expect([...parseCsp(['report-to a ; report-to b']).duplicates]).toEqual(['report-to']);
  });
});

describe('Strict-Transport-Security (src/analyzer/tests/strict-transport-security.js)', () => {
  const hsts = (value: string | undefined, extra: Partial<ObservatoryInput> = {}) =>
    outcome(
      'strict-transport-security',
      value === undefined ? {} : { 'Strict-Transport-Security': value },
      extra,
    );

  it.each([
    ['max-age=63072000; includeSubDomains', 'hsts-implemented-max-age-at-least-six-months', 0, true],
    ['max-age=15768000; includeSubDomains; preload', 'hsts-implemented-max-age-at-least-six-months', 0, true],
    ['max-age=15552000', 'hsts-implemented-max-age-at-least-six-months', 0, true],
    ['MAX-AGE=31536000', 'hsts-implemented-max-age-at-least-six-months', 0, true],
    ['max-age=15551999', 'hsts-implemented-max-age-less-than-six-months', -10, false],
    ['max-age=86400', 'hsts-implemented-max-age-less-than-six-months', -10, false],
    ['max-age=0', 'hsts-implemented-max-age-less-than-six-months', -10, false],
    ['includeSubDomains; preload', 'hsts-header-invalid', -20, false],
    [
      'max-age=15768000; includeSubDomains, max-age=15768000; includeSubDomains',
      'hsts-header-invalid',
      -20,
      false,
    ],
    ['max-age = 31536000', 'hsts-header-invalid', -20, false],
    ['', 'hsts-header-invalid', -20, false],
    // Upstream parses the quoted value to NaN, and NaN is not below six months.
    ['max-age="300"', 'hsts-implemented-max-age-at-least-six-months', 0, true],
  ])('%j → %s (%i)', (value, result, modifier, pass) => {
    expect(hsts(value)).toEqual({ result, modifier, pass });
  });

  it('hsts-not-implemented is -20', () => {
    expect(hsts(undefined)).toEqual({ result: 'hsts-not-implemented', modifier: -20, pass: false });
  });

  it('cannot be set without HTTPS: hsts-not-implemented-no-https, -20', () => {
    expect(hsts('max-age=63072000', { url: 'http://www.agency.example/' })).toEqual({
      result: 'hsts-not-implemented-no-https',
      modifier: -20,
      pass: false,
    });
    expect(hsts('max-age=63072000', { url: 'http://localhost:4321/', assumeHttps: true }).result).toBe(
      'hsts-implemented-max-age-at-least-six-months',
    );
  });

  it('hsts-preloaded (+5) for a listed host or a parent listed with includeSubDomains', () => {
    expect(hsts(undefined, { hstsPreload: [{ host: 'www.agency.example' }] })).toEqual({
      result: 'hsts-preloaded',
      modifier: 5,
      pass: true,
    });
    expect(
      hsts('max-age=60', { hstsPreload: [{ host: 'agency.example', includeSubDomains: true }] }).result,
    ).toBe('hsts-preloaded');
    expect(hsts(undefined, { hstsPreload: [{ host: 'agency.example' }] }).result).toBe(
      'hsts-not-implemented',
    );
  });
});

describe('X-Content-Type-Options (src/analyzer/tests/x-content-type-options.js)', () => {
  it.each([
    ['nosniff', 'x-content-type-options-nosniff', 0, true],
    [' NoSniff ', 'x-content-type-options-nosniff', 0, true],
    ['nosniff, nosniff', 'x-content-type-options-header-invalid', -5, false],
    ['sniff', 'x-content-type-options-header-invalid', -5, false],
  ])('%j → %s (%i)', (value, result, modifier, pass) => {
    expect(outcome('x-content-type-options', { 'X-Content-Type-Options': value })).toEqual({
      result,
      modifier,
      pass,
    });
  });

  it('x-content-type-options-not-implemented is -5', () => {
    expect(outcome('x-content-type-options', {})).toEqual({
      result: 'x-content-type-options-not-implemented',
      modifier: -5,
      pass: false,
    });
  });
});

describe('X-Frame-Options (src/analyzer/tests/x-frame-options.js)', () => {
  it.each([
    ['DENY', 'x-frame-options-sameorigin-or-deny', 5, true],
    ['DENY ', 'x-frame-options-sameorigin-or-deny', 5, true],
    ['sameorigin', 'x-frame-options-sameorigin-or-deny', 5, true],
    ['ALLOW-FROM https://mozilla.org', 'x-frame-options-allow-from-origin', 0, true],
    ['whimsy', 'x-frame-options-header-invalid', -20, false],
    ['SAMEORIGIN, SAMEORIGIN', 'x-frame-options-header-invalid', -20, false],
  ])('%j → %s (%i)', (value, result, modifier, pass) => {
    expect(outcome('x-frame-options', { 'X-Frame-Options': value })).toEqual({ result, modifier, pass });
  });

  it('x-frame-options-not-implemented is -20', () => {
    expect(outcome('x-frame-options', {})).toEqual({
      result: 'x-frame-options-not-implemented',
      modifier: -20,
      pass: false,
    });
  });

  it('prefers CSP frame-ancestors: x-frame-options-implemented-via-csp, +5', () => {
    expect(
      outcome('x-frame-options', {
        'X-Frame-Options': 'whimsy',
        'Content-Security-Policy': 'frame-ancestors https://mozilla.org',
      }),
    ).toEqual({ result: 'x-frame-options-implemented-via-csp', modifier: 5, pass: true });
    // Any frame-ancestors counts, even one allowing every site.
    expect(outcome('x-frame-options', { 'Content-Security-Policy': 'frame-ancestors *' }).result).toBe(
      'x-frame-options-implemented-via-csp',
    );
  });

  it('does not count frame-ancestors from a policy that fails to parse', () => {
    const headers = { 'Content-Security-Policy': "frame-ancestors 'none'; frame-ancestors 'none'" };
    expect(outcome('x-frame-options', headers).result).toBe('x-frame-options-not-implemented');
  });
});

describe('Referrer-Policy (src/analyzer/tests/referrer-policy.js)', () => {
  it.each([
    ['no-referrer', 'referrer-policy-private', 5, true],
    ['same-origin', 'referrer-policy-private', 5, true],
    ['strict-origin', 'referrer-policy-private', 5, true],
    ['STRICT-ORIGIN', 'referrer-policy-private', 5, true],
    ['strict-origin-when-cross-origin', 'referrer-policy-private', 5, true],
    ['no-referrer, whimsy', 'referrer-policy-private', 5, true],
    ['origin', 'referrer-policy-unsafe', -5, false],
    ['origin-when-cross-origin', 'referrer-policy-unsafe', -5, false],
    ['unsafe-url', 'referrer-policy-unsafe', -5, false],
    ['no-referrer-when-downgrade', 'referrer-policy-unsafe', -5, false],
    ['origin-when-cross-origin, no-referrer, unsafe-url', 'referrer-policy-unsafe', -5, false],
    ['no-referrer, unsafe-url', 'referrer-policy-unsafe', -5, false],
    ['whimsy', 'referrer-policy-header-invalid', -5, false],
    ['whimsy, whimsy1, whimsy2', 'referrer-policy-header-invalid', -5, false],
  ])('%j → %s (%i)', (value, result, modifier, pass) => {
    expect(outcome('referrer-policy', { 'Referrer-Policy': value })).toEqual({ result, modifier, pass });
  });

  it('referrer-policy-not-implemented is 0 and passes', () => {
    expect(outcome('referrer-policy', {})).toEqual({
      result: 'referrer-policy-not-implemented',
      modifier: 0,
      pass: true,
    });
  });

  it('reads <meta name="referrer">, which comes after the header', () => {
    const html = '<html><head><meta name="referrer" content="no-referrer"></head></html>';
    const headers = { 'Content-Type': 'text/html', 'Referrer-Policy': 'unsafe-url' };
    expect(outcome('referrer-policy', headers, { html }).result).toBe('referrer-policy-private');
    expect(outcome('referrer-policy', { 'Content-Type': 'text/html' }, { html }).result).toBe(
      'referrer-policy-private',
    );
  });
});

describe('Cross-Origin-Resource-Policy (src/analyzer/tests/cross-origin-resource-policy.js)', () => {
  it.each([
    ['same-origin', 'corp-implemented-with-same-origin', 10, true],
    ['same-site', 'corp-implemented-with-same-site', 10, true],
    [' Same-Site ', 'corp-implemented-with-same-site', 10, true],
    ['cross-origin', 'corp-implemented-with-cross-origin', 0, true],
    ['whimsy', 'corp-header-invalid', -5, false],
    ['   ', 'corp-not-implemented', 0, true],
  ])('%j → %s (%i)', (value, result, modifier, pass) => {
    expect(outcome('cross-origin-resource-policy', { 'Cross-Origin-Resource-Policy': value })).toEqual({
      result,
      modifier,
      pass,
    });
  });

  it('corp-not-implemented is 0 and passes', () => {
    expect(outcome('cross-origin-resource-policy', {})).toEqual({
      result: 'corp-not-implemented',
      modifier: 0,
      pass: true,
    });
  });
});

describe('Cross-Origin-Opener-Policy (src/analyzer/tests/cross-origin-opener-policy.js)', () => {
  it.each([
    ['same-origin', 'coop-implemented-with-same-origin', 10, true],
    ['same-origin-allow-popups', 'coop-implemented-with-same-origin-allow-popups', 10, true],
    ['noopener-allow-popups', 'coop-implemented-with-noopener-allow-popups', 10, true],
    ['unsafe-none', 'coop-implemented-with-unsafe-none', 0, true],
    ['same-origin; report-to="coop-endpoint"', 'coop-implemented-with-same-origin', 10, true],
    ['same-origin; report-to', 'coop-implemented-with-same-origin', 10, true],
    ['whimsy', 'coop-header-invalid', -5, false],
    ['same-origin; report-to=coop endpoint', 'coop-header-invalid', -5, false],
    ['"same-origin"', 'coop-header-invalid', -5, false],
    ['Same-Origin', 'coop-header-invalid', -5, false],
    ['same-origin, unsafe-none', 'coop-header-invalid', -5, false],
  ])('%j → %s (%i)', (value, result, modifier, pass) => {
    expect(outcome('cross-origin-opener-policy', { 'Cross-Origin-Opener-Policy': value })).toEqual({
      result,
      modifier,
      pass,
    });
  });

  it('coop-not-implemented is 0 and passes', () => {
    expect(outcome('cross-origin-opener-policy', {})).toEqual({
      result: 'coop-not-implemented',
      modifier: 0,
      pass: true,
    });
  });
});

describe('Cross-Origin-Embedder-Policy (src/analyzer/tests/cross-origin-embedder-policy.js)', () => {
  it.each([
    ['require-corp', 'coep-implemented-with-require-corp', 10, true],
    ['credentialless', 'coep-implemented-with-credentialless', 10, true],
    ['require-corp; report-to="coep"', 'coep-implemented-with-require-corp', 10, true],
    ['unsafe-none', 'coep-implemented-with-unsafe-none', 0, true],
    ['whimsy', 'coep-header-invalid', -5, false],
    ["'require-corp'", 'coep-header-invalid', -5, false],
  ])('%j → %s (%i)', (value, result, modifier, pass) => {
    expect(outcome('cross-origin-embedder-policy', { 'Cross-Origin-Embedder-Policy': value })).toEqual({
      result,
      modifier,
      pass,
    });
  });

  it('coep-not-implemented is 0 and passes', () => {
    expect(outcome('cross-origin-embedder-policy', {})).toEqual({
      result: 'coep-not-implemented',
      modifier: 0,
      pass: true,
    });
  });
});

describe('structured field tokens (src/analyzer/utils.js parseStructuredFieldToken)', () => {
  it.each([
    ['same-origin', 'same-origin'],
    ['  same-origin  ', 'same-origin'],
    ['same-origin;report-to="a";x=?1;y=1.5;z=:aGk=:', 'same-origin'],
    ['*', '*'],
    ['"same-origin"', null],
    ['1', null],
    ['same-origin ;report-to', null],
    ['same-origin; Report-To', null],
    ['same-origin;x="unterminated', null],
    ['', null],
  ])('%j → %j', (value, token) => {
    expect(parseStructuredFieldToken(value)).toBe(token);
  });
});

describe('Cross-origin resource sharing (src/analyzer/tests/cors.js)', () => {
  const origin = 'https://http-observatory.security.mozilla.org';

  it.each([
    [{}, 'cross-origin-resource-sharing-not-implemented', 0, true],
    [
      { 'Access-Control-Allow-Origin': '*' },
      'cross-origin-resource-sharing-implemented-with-public-access',
      0,
      true,
    ],
    [
      {
        'Access-Control-Allow-Origin': 'https://partner.example',
        'Access-Control-Allow-Credentials': 'true',
      },
      'cross-origin-resource-sharing-implemented-with-restricted-access',
      0,
      true,
    ],
    [
      { 'Access-Control-Allow-Origin': origin },
      'cross-origin-resource-sharing-implemented-with-restricted-access',
      0,
      true,
    ],
    [
      { 'Access-Control-Allow-Origin': origin, 'Access-Control-Allow-Credentials': 'TRUE ' },
      'cross-origin-resource-sharing-implemented-with-universal-access',
      -50,
      false,
    ],
  ])('%j → %s (%i)', (headers, result, modifier, pass) => {
    expect(outcome('cross-origin-resource-sharing', headers)).toEqual({ result, modifier, pass });
  });

  it('judges the separate CORS response when one is given', () => {
    const cors = {
      requestOrigin: 'https://attacker.example',
      headers: {
        'Access-Control-Allow-Origin': 'https://attacker.example',
        'Access-Control-Allow-Credentials': 'true',
      },
    };
    const report = grade({}, { cors });
    expect(report.tests.find((test) => test.name === 'cross-origin-resource-sharing')?.result).toBe(
      'cross-origin-resource-sharing-implemented-with-universal-access',
    );
    expect(report.notes.some((note) => note.includes('CORS'))).toBe(false);
    expect(grade({}).notes.some((note) => note.includes('CORS'))).toBe(true);
  });
});

describe('Cookies (src/analyzer/tests/cookies.js)', () => {
  const site = { url: 'https://mozilla.org/' };
  const hsts = { 'Strict-Transport-Security': 'max-age=15768000' };
  const cookies = (setCookies: string[], headers: Record<string, string> = {}) =>
    outcome('cookies', headers, { ...site, cookies: setCookies });

  it('cookies-not-found is 0 and passes', () => {
    expect(cookies([])).toEqual({ result: 'cookies-not-found', modifier: 0, pass: true });
  });

  it.each([
    [
      [
        'SESSIONID=bar; Domain=mozilla.org; Path=/; Secure; HttpOnly',
        'foo=bar; Domain=mozilla.org; Secure; Path=/',
      ],
      'cookies-secure-with-httponly-sessions',
      0,
      true,
    ],
    [
      [
        'SESSIONID_SAMESITE_STRICT=bar; Domain=mozilla.org; Path=/; Secure; HttpOnly; SameSite=Strict',
        'SESSIONID_SAMESITE_LAX=bar; Domain=mozilla.org; Path=/; Secure; HttpOnly; SameSite=Lax',
        'SESSIONID_SAMESITE_NONE=bar; Domain=mozilla.org; Path=/; Secure; HttpOnly; SameSite=None',
      ],
      'cookies-secure-with-httponly-sessions-and-samesite',
      5,
      true,
    ],
    [
      [
        'SESSIONID_A=bar; Path=/; Secure; HttpOnly; SameSite=Strict',
        'SESSIONID_B=bar; Path=/; Secure; HttpOnly',
      ],
      'cookies-secure-with-httponly-sessions',
      0,
      true,
    ],
    [
      ['CSRFTOKEN=bar; Domain=mozilla.org; Path=/; Secure; HttpOnly'],
      'cookies-anticsrf-without-samesite-flag',
      -20,
      false,
    ],
    [
      ['SESSIONID=bar; Domain=mozilla.org; Path=/; Secure; HttpOnly; SameSite='],
      'cookies-samesite-flag-invalid',
      -20,
      false,
    ],
    [
      ['SESSIONID=bar; Domain=mozilla.org; Path=/; Secure; HttpOnly; SameSite=True'],
      'cookies-samesite-flag-invalid',
      -20,
      false,
    ],
    [['prefs=1; Path=/; SameSite=None'], 'cookies-samesite-flag-invalid', -20, false],
    [['foo=bar; Domain=mozilla.org; Path=/'], 'cookies-without-secure-flag', -20, false],
    [
      ['SESSIONID=bar; Domain=mozilla.org; Path=/; Secure'],
      'cookies-session-without-httponly-flag',
      -30,
      false,
    ],
    [
      ['SESSIONID=bar; Domain=mozilla.org; Path=/; HttpOnly'],
      'cookies-session-without-secure-flag',
      -40,
      false,
    ],
    [['SESSIONID=bar; Domain=mozilla.org; Path=/'], 'cookies-session-without-secure-flag', -40, false],
    [['user_login=1; Path=/; Secure'], 'cookies-session-without-httponly-flag', -30, false],
  ])('%j → %s (%i)', (setCookies, result, modifier, pass) => {
    expect(cookies(setCookies)).toEqual({ result, modifier, pass });
  });

  it('softens a missing Secure flag when HSTS passes', () => {
    expect(cookies(['foo=bar; Domain=mozilla.org; Path=/'], hsts)).toEqual({
      result: 'cookies-without-secure-flag-but-protected-by-hsts',
      modifier: -5,
      pass: false,
    });
    expect(cookies(['SESSIONID=bar; Domain=mozilla.org; Path=/; HttpOnly'], hsts)).toEqual({
      result: 'cookies-session-without-secure-flag-but-protected-by-hsts',
      modifier: -10,
      pass: false,
    });
    // HSTS under six months does not pass, so it does not protect.
    expect(cookies(['foo=bar; Path=/'], { 'Strict-Transport-Security': 'max-age=60' }).result).toBe(
      'cookies-without-secure-flag',
    );
  });

  it('ignores cookies the cookie jar would refuse, and the Heroku affinity cookie', () => {
    expect(cookies(['foo=bar; Domain=other.example; Path=/']).result).toBe('cookies-not-found');
    expect(cookies(['heroku-session-affinity=bar; Domain=mozilla.org; Path=/']).result).toBe(
      'cookies-not-found',
    );
    expect(cookies(['no-equals-sign']).result).toBe('cookies-not-found');
    expect(cookies(['__Host-id=1; Path=/; HttpOnly']).result).toBe('cookies-not-found');
  });

  it('reads several cookies joined in one Set-Cookie header', () => {
    const header = 'a=1; Expires=Wed, 21 Oct 2037 07:28:00 GMT; Secure; SameSite=Lax, b=2; Path=/';
    expect(outcome('cookies', { 'Set-Cookie': header }, site).result).toBe('cookies-without-secure-flag');
    expect(outcome('cookies', { 'Set-Cookie': header.split(', b=')[0] ?? '' }, site).result).toBe(
      'cookies-secure-with-httponly-sessions-and-samesite',
    );
  });
});

describe('Redirection (src/analyzer/tests/redirection.js)', () => {
  const redirect = (chain: string[] | undefined, extra: Partial<ObservatoryInput> = {}) =>
    outcome('redirection', {}, { redirectChain: chain, ...extra });

  it.each([
    [['http://mozilla.org/', 'https://mozilla.org/'], 'redirection-to-https', 0, true],
    [['http://mozilla.org/', 'https://mozilla.org:8443/'], 'redirection-to-https', 0, true],
    [
      ['http://mozilla.org/', 'https://mozilla.org/', 'https://www.mozilla.org/'],
      'redirection-to-https',
      0,
      true,
    ],
    [['http://mozilla.org/', 'https://www.mozilla.org/'], 'redirection-off-host-from-http', -5, false],
    [
      ['http://mozilla.org/', 'http://www.mozilla.org/', 'https://www.mozilla.org/'],
      'redirection-not-to-https-on-initial-redirection',
      -10,
      false,
    ],
    [['http://mozilla.org', 'http://www.mozilla.org'], 'redirection-not-to-https', -20, false],
    [
      ['http://mozilla.org', 'http://www.mozilla.org', 'http://www.mozilla.org/en/'],
      'redirection-not-to-https',
      -20,
      false,
    ],
    [['http://mozilla.org'], 'redirection-missing', -20, false],
  ])('%j → %s (%i)', (chain, result, modifier, pass) => {
    expect(redirect(chain)).toEqual({ result, modifier, pass });
  });

  it('redirection-all-redirects-preloaded (0) when every host is on the preload list', () => {
    const chain = ['http://cloudflare.com/', 'https://cloudflare.com/', 'https://www.cloudflare.com/'];
    expect(redirect(chain, { hstsPreload: [{ host: 'cloudflare.com', includeSubDomains: true }] })).toEqual({
      result: 'redirection-all-redirects-preloaded',
      modifier: 0,
      pass: true,
    });
  });

  it('without a chain, scores an https response as the scanner scores a host with no HTTP, and says so', () => {
    const report = grade({});
    expect(report.tests.find((test) => test.name === 'redirection')).toMatchObject({
      result: 'redirection-not-needed-no-http',
      scoreModifier: 0,
      pass: true,
    });
    expect(report.notes.some((note) => note.includes('redirect from http:// was not checked'))).toBe(true);
    expect(grade({}, { redirectChain: ['http://www.agency.example/', SITE] }).notes.join(' ')).not.toContain(
      'redirect',
    );
  });

  it('without a chain, takes an http response as served with no redirect', () => {
    expect(redirect(undefined, { url: 'http://www.agency.example/' })).toEqual({
      result: 'redirection-missing',
      modifier: -20,
      pass: false,
    });
  });

  it('with assumeHttps, treats a local http response as https and notes both assumptions', () => {
    const report = grade({}, { url: 'http://localhost:4321/', assumeHttps: true });
    expect(report.tests.find((test) => test.name === 'redirection')?.result).toBe(
      'redirection-not-needed-no-http',
    );
    expect(report.notes[0]).toContain('as if it had been served over HTTPS');
  });
});

describe('Subresource integrity (src/analyzer/tests/subresource-integrity.js)', () => {
  const sri = (
    html: string,
    extra: Partial<ObservatoryInput> = {},
    contentType = 'text/html; charset=utf-8',
  ) => outcome('subresource-integrity', { 'Content-Type': contentType }, { html, ...extra });
  const hash = 'sha384-oqVuAfXRKap7fdgcCY5uykM6+R9GqQ8K/uxy9rx7HNQlGYl1kPzQho1wx4JwY8wC';

  it.each([
    ['<p>No scripts</p>', 'sri-not-implemented-but-no-scripts-loaded', 0, true],
    ['<script>inline()</script>', 'sri-not-implemented-but-all-scripts-loaded-from-secure-origin', 0, true],
    [
      '<script src="/js/app.js"></script>',
      'sri-not-implemented-but-all-scripts-loaded-from-secure-origin',
      0,
      true,
    ],
    [
      '<script src="https://static.agency.example/app.js"></script>',
      'sri-not-implemented-but-all-scripts-loaded-from-secure-origin',
      0,
      true,
    ],
    [
      `<script src="/js/app.js" integrity="${hash}"></script>`,
      'sri-implemented-and-all-scripts-loaded-securely',
      5,
      true,
    ],
    [
      `<script src="https://cdn.other.example/lib.js" integrity="${hash}" crossorigin="anonymous"></script>`,
      'sri-implemented-and-external-scripts-loaded-securely',
      5,
      true,
    ],
    [
      '<script src="https://cdn.other.example/lib.js"></script>',
      'sri-not-implemented-but-external-scripts-loaded-securely',
      -5,
      false,
    ],
    [
      `<script src="http://cdn.other.example/lib.js" integrity="${hash}"></script>`,
      'sri-implemented-but-external-scripts-not-loaded-securely',
      -20,
      false,
    ],
    [
      `<script src="//cdn.other.example/lib.js" integrity="${hash}"></script>`,
      'sri-implemented-but-external-scripts-not-loaded-securely',
      -20,
      false,
    ],
    [
      '<script src="http://cdn.other.example/lib.js"></script>',
      'sri-not-implemented-and-external-scripts-not-loaded-securely',
      -50,
      false,
    ],
    [
      '<script src="//static.agency.example/app.js"></script>',
      'sri-not-implemented-and-external-scripts-not-loaded-securely',
      -50,
      false,
    ],
    [
      `<script src="/a.js" integrity="${hash}"></script><script src="https://cdn.other.example/lib.js"></script>`,
      'sri-not-implemented-but-external-scripts-loaded-securely',
      -5,
      false,
    ],
  ])('%j → %s (%i)', (html, result, modifier, pass) => {
    expect(sri(html)).toEqual({ result, modifier, pass });
  });

  it('sri-not-implemented-response-not-html (0) for other content types', () => {
    expect(sri('{"a":"<script src=http://x.example/a.js></script>"}', {}, 'application/json')).toEqual({
      result: 'sri-not-implemented-response-not-html',
      modifier: 0,
      pass: true,
    });
  });

  it('counts relative scripts as secure only on an https page', () => {
    const html = `<script src="/js/app.js" integrity="${hash}"></script>`;
    expect(sri(html, { url: 'http://www.agency.example/' }).result).toBe(
      'sri-not-implemented-but-all-scripts-loaded-from-secure-origin',
    );
  });

  it('compares registrable domains, including two-label suffixes such as co.uk', () => {
    const page = { url: 'https://www.agency.co.uk/' };
    expect(sri('<script src="https://static.agency.co.uk/a.js"></script>', page).result).toBe(
      'sri-not-implemented-but-all-scripts-loaded-from-secure-origin',
    );
    expect(sri('<script src="https://static.other.co.uk/a.js"></script>', page).result).toBe(
      'sri-not-implemented-but-external-scripts-loaded-securely',
    );
    expect(registrableDomain('www.agency.co.uk')).toBe('agency.co.uk');
    expect(registrableDomain('a.b.agency.example')).toBe('agency.example');
    expect(registrableDomain('localhost')).toBeNull();
    expect(registrableDomain('127.0.0.1')).toBeNull();
  });
});

describe('HTML start-tag collection (src/utils/html-parser.js)', () => {
  it('lower-cases names, decodes entities, keeps the first of repeated attributes', () => {
    const html = `<META HTTP-EQUIV=Content-Security-Policy content="default-src &#39;none&#39;" content="x">`;
    expect(collectElements(html, 'meta')).toEqual([
      { 'http-equiv': 'Content-Security-Policy', content: "default-src 'none'" },
    ]);
  });

  it('skips comments and the raw text of scripts and styles', () => {
    const html =
      '<!-- <script src=a.js></script> --><style>a::after{content:"<script>"}</style><script>x="<script>"</script><script src="b.js"></script>';
    expect(collectElements(html, 'script')).toEqual([{}, { src: 'b.js' }]);
  });
});

describe('whole responses', () => {
  it('refuses statuses the scanner refuses', () => {
    expect(() => grade({}, { status: 404 })).toThrow(RangeError);
    expect(() => grade({}, { status: 500 })).toThrow(RangeError);
    expect(grade({}, { status: 301 }).grade).toBeTypeOf('string');
    expect(grade({}, { status: 403 }).grade).toBeTypeOf('string');
  });

  it('grades a bare https page D (30): no CSP, HSTS, X-Content-Type-Options or X-Frame-Options', () => {
    const report = grade({ 'Content-Type': 'text/html' }, { html: '<p>Hello</p>' });
    expect(report.score).toBe(30);
    expect(report.grade).toBe('D');
    expect(report.tests.filter((test) => test.scoreModifier < 0).map((test) => test.result)).toEqual([
      'csp-not-implemented',
      'hsts-not-implemented',
      'x-content-type-options-not-implemented',
      'x-frame-options-not-implemented',
    ]);
    expect(report.testsFailed).toBe(4);
  });

  it('grades a bare plain-http page F (10)', () => {
    const report = grade(
      { 'Content-Type': 'text/html' },
      { url: 'http://www.agency.example/', html: '<p>Hi</p>' },
    );
    expect(report.score).toBe(10);
    expect(report.grade).toBe('F');
  });

  it('grades our policy A+ (125) with every test passing', () => {
    const report = grade(OUR_HEADERS, { html: OUR_HTML });
    expect(report.grade).toBe('A+');
    expect(report.score).toBe(125);
    expect(report.testsFailed).toBe(0);
    expect(Object.fromEntries(report.tests.map((test) => [test.name, test.scoreModifier]))).toEqual({
      'content-security-policy': 5,
      cookies: 0,
      'cross-origin-resource-sharing': 0,
      redirection: 0,
      'referrer-policy': 5,
      'strict-transport-security': 0,
      'subresource-integrity': 0,
      'x-content-type-options': 0,
      'x-frame-options': 5,
      'cross-origin-resource-policy': 0,
      'cross-origin-embedder-policy': 0,
      'cross-origin-opener-policy': 10,
    });
  });

  it('gives our policy 135 with Cross-Origin-Resource-Policy: same-origin', () => {
    const report = grade(
      { ...OUR_HEADERS, 'Cross-Origin-Resource-Policy': 'same-origin' },
      { html: OUR_HTML },
    );
    expect(report.score).toBe(135);
  });

  it('keeps our policy at A+ through a -10 penalty, but not through -15', () => {
    const analytics = '<script async src="https://www.googletagmanager.com/gtag/js?id=G-TEST"></script>';
    const withTag = grade(OUR_HEADERS, { html: OUR_HTML + analytics });
    expect(withTag.score).toBe(120);
    const shortHsts = { ...OUR_HEADERS, 'Strict-Transport-Security': 'max-age=86400' };
    expect(grade(shortHsts, { html: OUR_HTML }).score).toBe(115);
    const worse = grade(shortHsts, { html: OUR_HTML + analytics });
    expect(worse.score).toBe(85);
    expect(worse.grade).toBe('A-');
  });

  it('grades a local http server A+ only when asked to assume HTTPS', () => {
    const local = { url: 'http://localhost:4321/', html: OUR_HTML };
    expect(grade(OUR_HEADERS, local)).toMatchObject({ grade: 'C+', score: 60 });
    expect(grade(OUR_HEADERS, { ...local, assumeHttps: true })).toMatchObject({ grade: 'A+', score: 125 });
  });

  it('reads header names case-insensitively', () => {
    const lower = Object.fromEntries(
      Object.entries(OUR_HEADERS).map(([name, value]) => [name.toLowerCase(), value]),
    );
    expect(grade(lower, { html: OUR_HTML }).score).toBe(125);
  });
});
