import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { inlineHashes } from '@/lib/build-time/security/inline-hashes';
import { formatHeadersFile, headersFor, parseHeadersFile } from '@/lib/shared/headers-file';
import { contentSecurityPolicy } from '@/lib/shared/security-headers';
import { speculationRulesDataId } from '@/lib/shared/page-layout';

const hash = (text: string) => `'sha256-${createHash('sha256').update(text).digest('base64')}'`;

describe('inlineHashes', () => {
  it('hashes inline scripts and styles exactly as written, once each', () => {
    const html =
      '<style>a{color:red}</style><script>console.log(1)</script><script type="module">go()</script>' +
      '<script>console.log(1)</script>';
    const hashes = inlineHashes(html);
    expect(hashes.scripts).toEqual([hash('console.log(1)'), hash('go()')].sort());
    expect(hashes.styles).toEqual([hash('a{color:red}')]);
  });

  it('skips external scripts and structured data, which script-src does not govern', () => {
    const html = '<script src="/_astro/x.js"></script><script type="application/ld+json">{"a":1}</script>';
    expect(inlineHashes(html)).toEqual({ scripts: [], styles: [] });
  });

  it('hashes the speculation rules’ data, which the page turns into a rules element', () => {
    const rules = '{"prerender":[{"where":{"href_matches":"/*"},"eagerness":"moderate"}]}';
    const html = `<script type="application/json" id="${speculationRulesDataId}">${rules}</script><script type="application/json">{"b":2}</script>`;
    expect(inlineHashes(html)).toEqual({ scripts: [hash(rules)], styles: [] });
  });

  it('reads the HTML as a browser does: attributes, comments and <noscript> included', () => {
    const html =
      '<script data-note="a>b">go()</script><!-- <script>old()</script> -->' +
      '<noscript><style>.js-only{display:none}</style></noscript>' +
      '<template><style>t{}</style></template>' +
      '<script type=" Application/LD+JSON ">{"a":1}</script>';
    expect(inlineHashes(html)).toEqual({
      scripts: [hash('go()')],
      styles: [hash('.js-only{display:none}'), hash('t{}')].sort(),
    });
  });
});

describe('contentSecurityPolicy', () => {
  const base = {
    hashes: { scripts: ["'sha256-abc'"], styles: [] },
    frameOrigins: ['https://booking.example'],
  };

  it('allows scripts only from the site and the listed hashes, never unsafe-inline or eval', () => {
    const policy = contentSecurityPolicy(base);
    expect(policy).toContain("script-src 'self' 'sha256-abc'");
    expect(policy).not.toMatch(/unsafe-inline|unsafe-eval/);
    for (const directive of [
      "object-src 'none'",
      "base-uri 'self'",
      "form-action 'self'",
      "frame-ancestors 'none'",
      'frame-src https://booking.example',
      "default-src 'self'",
    ]) {
      expect(policy).toContain(directive);
    }
  });

  it('names analytics hosts only when analytics are configured', () => {
    expect(contentSecurityPolicy(base)).not.toMatch(/google|clarity/);
    const withGa = contentSecurityPolicy({ ...base, analytics: { ga: 'G-TEST' } });
    expect(withGa).toContain('https://www.googletagmanager.com');
    expect(withGa).not.toContain('clarity');
    const withClarity = contentSecurityPolicy({ ...base, analytics: { clarity: 'abc' } });
    expect(withClarity).toContain('https://www.clarity.ms');
    expect(withClarity).not.toContain('google');
  });
});

describe('the _headers file', () => {
  const text = `# comment
/*
  X-Content-Type-Options: nosniff
  Cache-Control: public

/_astro/*
  Cache-Control: immutable

/about
  X-Extra: yes
`;

  it('reads rules in order with their headers', () => {
    const rules = parseHeadersFile(text);
    expect(rules.map((rule) => rule.path)).toEqual(['/*', '/_astro/*', '/about']);
    expect(rules[0]?.headers).toEqual([
      ['X-Content-Type-Options', 'nosniff'],
      ['Cache-Control', 'public'],
    ]);
  });

  it('applies every matching rule and joins repeated headers as Netlify does', () => {
    const rules = parseHeadersFile(text);
    expect(headersFor('/_astro/site.css', rules)).toEqual({
      'x-content-type-options': 'nosniff',
      'cache-control': 'public, immutable',
    });
    expect(headersFor('/about', rules)['x-extra']).toBe('yes');
    expect(headersFor('/about/team', rules)['x-extra']).toBeUndefined();
  });

  it('writes what it reads', () => {
    const rules = parseHeadersFile(text);
    expect(parseHeadersFile(formatHeadersFile(rules))).toEqual(rules);
  });

  it('refuses a header line outside any rule', () => {
    expect(() => parseHeadersFile('  X-Orphan: 1')).toThrow(/Malformed/);
  });
});
