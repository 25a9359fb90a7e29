import { mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { request, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSiteServer } from '#server/server.ts';
import { precompress } from '#src/lib/build-time/precompress.ts';
import { notModifiedHeaders } from '#src/lib/shared/response-headers.ts';
import { netlifyRedirects } from '#src/lib/shared/redirects.ts';

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
  writeFileSync(join(root, '404.html'), `<h1>Page Not Found</h1>${'z'.repeat(2000)}`);
  writeFileSync(join(root, '_astro', 'site.abc123.css'), 'body{color:red}');
  writeFileSync(join(root, 'config.yml'), 'backend: {}\n');
  mkdirSync(join(root, 'rules'));
  writeFileSync(join(root, 'rules', 'site.json'), '{}');
  writeFileSync(
    join(root, '_headers'),
    '/*\n  X-Content-Type-Options: nosniff\n/about\n  X-Page: about\n/rules/*\n  Content-Type: application/x-rules\n',
  );
  // The rules the build writes, in the form it writes them: the server reads them as Netlify does.
  writeFileSync(
    join(root, '_redirects'),
    netlifyRedirects({ '/services/bpo': '/services/shopify', '/services/blog-writing': '/about' }),
  );
  writeFileSync(join(tmpdir(), 'secret.txt'), 'secret');
  writeFileSync(join(root, 'terms.html'), `<h1>Terms</h1>${'y'.repeat(2000)}`);
  writeFileSync(join(root, '.env'), 'SECRET=1');
  mkdirSync(join(root, '.git'));
  writeFileSync(join(root, '.git', 'config.txt'), 'secret');
  // As the build leaves it: a compressed copy beside each text file.
  await precompress(root);
  // Then a page edited by hand after the build: its copies are older than it and must not be sent.
  const later = new Date(Date.now() + 60_000);
  writeFileSync(join(root, 'terms.html'), `<h1>Terms, edited</h1>${'y'.repeat(2000)}`);
  utimesSync(join(root, 'terms.html'), later, later);
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  await new Promise((done) => server.close(done));
  rmSync(root, { recursive: true, force: true });
});

const get = (path: string, init?: RequestInit) => fetch(origin + path, { redirect: 'manual', ...init });

/** A GET whose body is read as sent, still compressed. */
function rawGet(path: string, encodings: string, headers: Record<string, string> = {}) {
  return new Promise<{ status: number; headers: IncomingHttpHeaders; body: Buffer }>((done, fail) => {
    request(origin + path, { headers: { 'accept-encoding': encodings, ...headers } }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () =>
        done({ status: response.statusCode ?? 0, headers: response.headers, body: Buffer.concat(chunks) }),
      );
    })
      .on('error', fail)
      .end();
  });
}

describe('the local static server', () => {
  it('serves clean routes from their .html files', async () => {
    const home = await get('/');
    expect(home.status).toBe(200);
    expect(home.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(await home.text()).toBe('<h1>Home</h1>');
    expect(await (await get('/services/shopify')).text()).toBe('<h1>Shopify</h1>');
  });

  it('answers an old address of the build’s _redirects with a 301, in both slash forms, keeping the query', async () => {
    for (const path of ['/services/bpo', '/services/bpo/']) {
      const response = await get(path);
      expect(response.status).toBe(301);
      expect(response.headers.get('location')).toBe('/services/shopify');
    }
    const withQuery = await get('/services/blog-writing?ref=old');
    expect(withQuery.headers.get('location')).toBe('/about?ref=old');
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

  it('sends the compressed copy the build wrote that the browser accepts, else the file', async () => {
    const page = (encodings: string) => get('/about', { headers: { 'accept-encoding': encodings } });
    // fetch decodes what it asked for itself; read the bytes through node:http's view instead.
    const brotli = await rawGet('/about', 'gzip, deflate, br');
    expect(brotli.headers['content-encoding']).toBe('br');
    expect(brotli.headers.vary).toBe('Accept-Encoding');
    expect(brotliDecompressSync(brotli.body).toString().startsWith('<h1>About</h1>')).toBe(true);
    const gzipped = await rawGet('/about', 'gzip, br;q=0');
    expect(gzipped.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzipped.body).toString().startsWith('<h1>About</h1>')).toBe(true);
    const plain = await page('identity');
    expect(plain.headers.get('content-encoding')).toBeNull();
    expect(plain.headers.get('vary')).toBe('Accept-Encoding');
    expect((await plain.text()).startsWith('<h1>About</h1>')).toBe(true);
  });

  it('never compresses on request: a file without copies, or newer than them, goes as it is', async () => {
    // Too small to gain from compression: the build wrote no copy.
    const small = await rawGet('/', 'br, gzip');
    expect(small.headers['content-encoding']).toBeUndefined();
    expect(small.headers.vary).toBeUndefined();
    expect(small.body.toString()).toBe('<h1>Home</h1>');
    const edited = await rawGet('/terms', 'br, gzip');
    expect(edited.headers['content-encoding']).toBeUndefined();
    expect(edited.body.toString().startsWith('<h1>Terms, edited</h1>')).toBe(true);
  });

  it('never serves a dotfile', async () => {
    for (const path of ['/.env', '/.git/config.txt']) {
      const response = await get(path);
      expect(response.status, path).toBe(404);
      expect(await response.text()).toContain('Page Not Found');
    }
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

describe('conditional requests', () => {
  it('answer 304 with no body while the validator holds, for pages and hashed assets', async () => {
    for (const [path, encodings] of [
      ['/about', 'br'],
      ['/about', ''],
      ['/_astro/site.abc123.css', 'gzip'],
    ] as const) {
      const first = await rawGet(path, encodings);
      const { etag, 'last-modified': modified } = first.headers;
      expect(etag, path).toBeDefined();
      expect(modified, path).toBeDefined();
      const validators: Record<string, string>[] = [
        { 'if-none-match': etag! },
        { 'if-modified-since': modified! },
      ];
      for (const validator of validators) {
        const again = await rawGet(path, encodings, validator);
        expect(again.status, `${path} ${JSON.stringify(validator)}`).toBe(304);
        expect(again.body.length).toBe(0);
        expect(again.headers.etag).toBe(etag);
        expect(again.headers['cache-control']).toBe(first.headers['cache-control']);
        expect(again.headers.vary).toBe(first.headers.vary);
        // Only what a cache updates its stored copy with: the browser keeps the stored answer's
        // policies, and nothing describes a body that is not there.
        expect(first.headers['x-content-type-options']).toBe('nosniff');
        const sent = Object.keys(again.headers).filter(
          (name) => !['date', 'connection', 'keep-alive'].includes(name),
        );
        expect(
          sent.filter((name) => !notModifiedHeaders.has(name)),
          path,
        ).toEqual([]);
      }
    }
  });

  it('answer the whole file when the validator is stale or for another encoding', async () => {
    const brotli = await rawGet('/about', 'br');
    const gzipped = await rawGet('/about', 'gzip', { 'if-none-match': brotli.headers.etag! });
    expect(gzipped.status).toBe(200);
    expect(gunzipSync(gzipped.body).toString().startsWith('<h1>About</h1>')).toBe(true);
    const stale = await rawGet('/about', 'br', { 'if-none-match': 'W/"1-1"' });
    expect(stale.status).toBe(200);
    const old = await rawGet('/about', 'br', { 'if-modified-since': new Date(0).toUTCString() });
    expect(old.status).toBe(200);
    expect(old.body.length).toBeGreaterThan(0);
  });

  it('never answer a 404 as not modified', async () => {
    const first = await rawGet('/no-such-page', 'br');
    const again = await rawGet('/no-such-page', 'br', {
      'if-modified-since': new Date(Date.now() + 86_400_000).toUTCString(),
      ...(first.headers.etag ? { 'if-none-match': first.headers.etag } : {}),
    });
    expect(again.status).toBe(404);
    expect(brotliDecompressSync(again.body).toString()).toContain('Page Not Found');
  });

  it('answer a failed If-Match with 412 and a range past the end with 416, each without a body', async () => {
    const failed = await rawGet('/about', '', { 'if-match': '"other"' });
    expect(failed.status).toBe(412);
    expect(failed.body.length).toBe(0);
    const past = await rawGet('/about', '', { range: 'bytes=999999-' });
    expect(past.status).toBe(416);
    expect(past.body.length).toBe(0);
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
