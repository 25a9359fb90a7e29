/**
 * The security headers every built page is served with, asserted property by property: each CSP
 * directive, a hash for every inline script and style the page holds and for nothing else, and the other headers a
 * public Observatory scan looks for (docs/security.md).
 */
import { createHash } from 'node:crypto';
import { readdirSync } from 'node:fs';
import { relative, resolve, sep } from 'node:path';
import { expect, test } from '@playwright/test';
import { cmsAdmin } from '#src/lib/build-time/cms/cms-admin.ts';
import { site } from '#src/site.config.ts';
import { inlineCode } from '#support/inline-code.ts';
import { servedDist } from '#support/built-site.ts';

const built = servedDist;
const oneYear = 31_536_000;

/** Every public HTML file of the build, as the path that serves it as it is (the editor has its own policy). */
const builtPages = readdirSync(built, { recursive: true, encoding: 'utf8' })
  .filter((file) => file.endsWith('.html') && file !== `${cmsAdmin.page.slice(1)}.html`)
  .map((file) => `/${relative(built, resolve(built, file)).split(sep).join('/')}`)
  .sort();

const hash = (text: string) => `'sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}'`;

function directives(policy: string): Map<string, string[]> {
  const map = new Map<string, string[]>();
  for (const part of policy.split(';')) {
    const [name, ...sources] = part.trim().split(/\s+/);
    if (name) map.set(name.toLowerCase(), sources);
  }
  return map;
}

test('the build has pages to check', () => {
  expect(builtPages).toContain('/index.html');
  expect(builtPages).toContain('/404.html');
  expect(builtPages.length).toBeGreaterThan(20);
});

test('every built page is served with a complete, strict set of security headers', async ({ request }) => {
  for (const path of builtPages) {
    const response = await request.get(path);
    expect(response.status(), path).toBe(200);
    const headers = response.headers();

    const policy = headers['content-security-policy'] ?? '';
    expect(policy, path).not.toMatch(/unsafe-inline|unsafe-eval|unsafe-hashes|\*/);
    const csp = directives(policy);
    expect([...csp.keys()].sort(), path).toEqual(
      [
        'base-uri',
        'connect-src',
        'default-src',
        'font-src',
        'form-action',
        'frame-ancestors',
        'frame-src',
        'img-src',
        'object-src',
        'script-src',
        'style-src',
      ].sort(),
    );
    expect(csp.get('default-src'), path).toEqual(["'self'"]);
    expect(csp.get('object-src'), path).toEqual(["'none'"]);
    expect(csp.get('base-uri'), path).toEqual(["'self'"]);
    expect(csp.get('form-action'), path).toEqual(["'self'"]);
    expect(csp.get('frame-ancestors'), path).toEqual(["'none'"]);
    expect(csp.get('font-src'), path).toEqual(["'self'"]);
    expect(csp.get('connect-src'), path).toEqual(["'self'"]);
    // data: for the icon each page carries (tests/e2e/no-js/share-images.once.spec.ts), nothing else.
    expect(csp.get('img-src'), path).toEqual(["'self'", 'data:']);
    expect(csp.get('frame-src'), path).toEqual([new URL(site.bookingUrl).origin]);
    // Without analytics IDs, scripts come only from the site itself or by hash.
    for (const directive of ['script-src', 'style-src']) {
      const [self, ...hashes] = csp.get(directive) ?? [];
      expect(self, `${path} ${directive}`).toBe("'self'");
      for (const source of hashes)
        expect(source, `${path} ${directive}`).toMatch(/^'sha256-[A-Za-z0-9+/]+=*'$/);
    }

    const code = inlineCode(await response.text());
    for (const { kind, text } of code) {
      const directive = kind === 'script' ? 'script-src' : 'style-src';
      expect(csp.get(directive), `${path}: inline ${kind} "${text.slice(0, 60)}…"`).toContain(hash(text));
    }
    // And nothing more: no page allows another page's inline code.
    for (const kind of ['script', 'style'] as const) {
      const own = new Set(code.filter((item) => item.kind === kind).map(({ text }) => hash(text)));
      expect(csp.get(`${kind}-src`)?.slice(1).sort(), `${path} ${kind}-src`).toEqual([...own].sort());
    }

    const hsts = headers['strict-transport-security'] ?? '';
    expect(Number(/max-age=(\d+)/.exec(hsts)?.[1]), path).toBeGreaterThanOrEqual(oneYear);
    expect(hsts, path).toContain('includeSubDomains');
    expect(headers['x-content-type-options'], path).toBe('nosniff');
    expect(headers['referrer-policy'], path).toBe('strict-origin-when-cross-origin');
    // Only the editor's page has an opener policy (tests/e2e/js/admin.desktop.spec.ts).
    expect(headers['cross-origin-opener-policy'], path).toBeUndefined();
    expect(headers['permissions-policy'], path).toBe('camera=(), microphone=(), geolocation=()');
    expect(headers['x-frame-options'], path).toBe('DENY');
  }
});
