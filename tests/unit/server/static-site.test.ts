import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSiteServer } from '../../../server/server.ts';

const root = mkdtempSync(join(tmpdir(), 'static-site-'));
const logged: string[] = [];
const server = createSiteServer({ root, log: (line) => logged.push(line) });
let origin = '';

beforeAll(async () => {
  mkdirSync(join(root, '_astro'));
  mkdirSync(join(root, 'services'));
  writeFileSync(join(root, 'index.html'), '<h1>Home</h1>');
  writeFileSync(join(root, 'about.html'), `<h1>About</h1>${'x'.repeat(2000)}`);
  writeFileSync(join(root, 'services', 'shopify.html'), '<h1>Shopify</h1>');
  writeFileSync(join(root, '404.html'), '<h1>Page Not Found</h1>');
  writeFileSync(join(root, '_astro', 'site.abc123.css'), 'body{color:red}');
  writeFileSync(join(root, 'config.yml'), 'backend: {}\n');
  mkdirSync(join(root, 'rules'));
  writeFileSync(join(root, 'rules', 'site.json'), '{}');
  writeFileSync(
    join(root, '_headers'),
    '/*\n  X-Content-Type-Options: nosniff\n/about\n  X-Page: about\n/rules/*\n  Content-Type: application/x-rules\n',
  );
  writeFileSync(join(tmpdir(), 'secret.txt'), 'secret');
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  await new Promise((done) => server.close(done));
  rmSync(root, { recursive: true, force: true });
});

const get = (path: string, init?: RequestInit) => fetch(origin + path, { redirect: 'manual', ...init });

describe('the local static server', () => {
  it('serves clean routes from their .html files', async () => {
    const home = await get('/');
    expect(home.status).toBe(200);
    expect(home.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(await home.text()).toBe('<h1>Home</h1>');
    expect(await (await get('/services/shopify')).text()).toBe('<h1>Shopify</h1>');
  });

  it('answers a legacy path with a 301 to its new home, in both slash forms, keeping the query', async () => {
    for (const path of ['/services/bpo', '/services/bpo/']) {
      const response = await get(path);
      expect(response.status).toBe(301);
      expect(response.headers.get('location')).toBe('/services/admin-appointment');
    }
    const withQuery = await get('/services/blog-writing?ref=old');
    expect(withQuery.headers.get('location')).toBe('/services?ref=old');
  });

  it('drops a trailing slash with a 301', async () => {
    const response = await get('/about/');
    expect(response.status).toBe(301);
    expect(response.headers.get('location')).toBe('/about');
  });

  it('answers an unknown path with the 404 page and logs the path', async () => {
    const response = await get('/no-such-page');
    expect(response.status).toBe(404);
    expect(await response.text()).toContain('Page Not Found');
    expect(logged).toContain('404 /no-such-page');
  });

  it('never serves a file outside the build folder', async () => {
    for (const path of ['/../secret.txt', '/%2e%2e/secret.txt', '/..%2fsecret.txt']) {
      const response = await get(path);
      expect(response.status).toBe(404);
      expect(await response.text()).not.toContain('secret');
    }
  });

  it('caches hashed assets for a year and makes pages revalidate', async () => {
    const asset = await get('/_astro/site.abc123.css');
    expect(asset.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(asset.headers.get('content-type')).toBe('text/css; charset=utf-8');
    const page = await get('/about');
    expect(page.headers.get('cache-control')).toBe('public, max-age=0, must-revalidate');
    // The editor's configuration, as `npm run dev` serves it too.
    expect((await get('/config.yml')).headers.get('content-type')).toBe('text/yaml; charset=utf-8');
  });

  it('compresses text when the browser accepts it', async () => {
    const response = await get('/about', { headers: { 'accept-encoding': 'gzip' } });
    expect(response.headers.get('content-encoding')).toBe('gzip');
    const raw = Buffer.from(await response.arrayBuffer());
    // fetch may or may not decode for us; either way the page arrives whole.
    const text = raw.subarray(0, 2).equals(Buffer.from([0x1f, 0x8b]))
      ? gunzipSync(raw).toString()
      : raw.toString();
    expect(text.startsWith('<h1>About</h1>')).toBe(true);
  });

  it('answers HEAD without a body and refuses other methods', async () => {
    const head = await get('/about', { method: 'HEAD' });
    expect(head.status).toBe(200);
    expect(await head.text()).toBe('');
    const post = await get('/about', { method: 'POST' });
    expect(post.status).toBe(405);
    expect(post.headers.get('allow')).toBe('GET, HEAD');
  });
});

describe('headers from _headers', () => {
  it('sends the same headers Netlify would, on pages, redirects and the 404 page', async () => {
    for (const path of ['/', '/services/bpo', '/no-such-page', '/_astro/site.abc123.css']) {
      expect((await get(path)).headers.get('x-content-type-options'), path).toBe('nosniff');
    }
    expect((await get('/about')).headers.get('x-page')).toBe('about');
    expect((await get('/')).headers.get('x-page')).toBeNull();
  });

  it('sends the Content-Type a rule names for a file, and never on a 404 page', async () => {
    expect((await get('/rules/site.json')).headers.get('content-type')).toBe('application/x-rules');
    const missing = await get('/rules/missing.json');
    expect(missing.status).toBe(404);
    expect(missing.headers.get('content-type')).toBe('text/html; charset=utf-8');
  });

  it('never marks a 404 answer as an immutable asset', async () => {
    const response = await get('/_astro/missing.css');
    expect(response.status).toBe(404);
    expect(response.headers.get('cache-control')).toBe('public, max-age=0, must-revalidate');
  });
});

describe('the contact function behind the local server', () => {
  it('answers at the same path as on Netlify, refusing a GET with 405', async () => {
    const response = await get('/api/send-contact-email');
    expect(response.status).toBe(405);
    expect(response.headers.get('allow')).toBe('POST');
  });

  it('passes the body and headers through and streams the answer back', async () => {
    const response = await get('/api/send-contact-email', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{"name":',
    });
    expect(response.status).toBe(400);
    expect(response.headers.get('content-type')).toMatch(/^application\/json/);
    expect(await response.json()).toMatchObject({ ok: false, error: 'invalid_json' });
  });
});
