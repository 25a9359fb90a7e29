/**
 * `npm start` facing the open internet: the server started exactly as `npm start` starts it
 * (server/start.ts, its own process), attacked at the byte level.
 */
import { mkdirSync, mkdtempSync, readdirSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatHeadersFile, headersFor } from '#src/lib/shared/headers-file.ts';
import { baseHeaderRules } from '#src/lib/shared/response-headers.ts';
import { launchItems, readCompanyText } from '#src/lib/shared/launch-readiness.ts';
import { launchSettings } from '#src/launch-settings.ts';
import { rawRequest, startLikeNpmStart, type RawResponse, type StartedServer } from '#support/raw-http.ts';

const project = resolve(import.meta.dirname, '../../..');
const siteWideHeaders = formatHeadersFile(baseHeaderRules);
const pageCsp = "default-src 'self'; frame-ancestors 'none'";
const functionCsp = "default-src 'none'; frame-ancestors 'none'";

const work = mkdtempSync(join(tmpdir(), 'self-hosting-'));
const root = join(work, 'dist');
const outside = join(work, 'outside');
let server: StartedServer;

beforeAll(async () => {
  mkdirSync(root);
  mkdirSync(outside);
  writeFileSync(join(root, 'index.html'), '<h1>Home</h1>');
  writeFileSync(join(root, 'about.html'), '<h1>About</h1>');
  writeFileSync(join(root, 'café.html'), '<h1>Café</h1>');
  writeFileSync(join(root, '404.html'), '<h1>Page Not Found</h1>');
  // The server answers the redirects the build wrote, as Netlify does: one of this build's own.
  writeFileSync(join(root, '_redirects'), '/services/bpo /about 301!\n');
  // The real site-wide headers, plus a CSP block as the build appends one.
  writeFileSync(join(root, '_headers'), `${siteWideHeaders}\n/*\n  Content-Security-Policy: ${pageCsp}\n`);
  writeFileSync(join(outside, 'secret.html'), 'outside secret');
  symlinkSync('/etc/hostname', join(root, 'hostname.txt'));
  symlinkSync(join(project, 'package.json'), join(root, 'package.json'));
  symlinkSync(outside, join(root, 'linked'));
  symlinkSync(join(root, 'about.html'), join(root, 'alias.html'));
  server = await startLikeNpmStart({ cwd: work, env: { OUT_DIR: root } });
});

afterAll(async () => {
  await server.stop();
  rmSync(work, { recursive: true, force: true });
});

const get = (target: string, extra = '') =>
  rawRequest(server.port, `GET ${target} HTTP/1.1\r\nHost: localhost${extra}`);

/** [request target, expected status]: each answer's Location, if any, must stay on this site. */
const hostilePaths: Array<[string, number]> = [
  ['/%2fevil.com/', 301],
  ['/%5cevil.com/', 301],
  ['/%09/evil.com/', 301],
  ['//evil.com/', 301],
  ['///evil.com/', 301],
  ['/\\evil.com/', 301],
  ['/\\/evil.com/', 301],
  ['/%2f%2fevil.com/', 301],
  ['/%5c%5cevil.com/', 301],
  ['/.//evil.com/', 301],
  ['/a%0d%0aSet-Cookie:%20x=1/', 301],
  ['/%E2%80%A8/', 301],
  ['/%00/', 301],
  ['/%/', 301],
  ['/%ZZ/', 301],
  ['/about//', 301],
  ['/services/bpo/?next=//evil.com', 301],
  ['//services/bpo/', 301],
  ['/about/?%0d%0aX:%201', 301],
  ['http://evil.com//evil.com/', 301],
  ['/..%2f..%2fetc/hostname', 404],
  ['/%2e%2e/%2e%2e/etc/hostname', 404],
  ['/about%00.html', 404],
  ['*', 400],
  ['evil.com:443', 400],
];

describe('redirects and hostile paths', () => {
  it.each(hostilePaths)('%s answers %i, never pointing off-site', async (target, status) => {
    const response = await get(target);
    expect(response.status).toBe(status);
    const location = response.headers.location;
    if (status === 301) expect(location).toBeDefined();
    if (location !== undefined) {
      expect(location).toMatch(/^\/[^/\\]/);
      expect(location).toMatch(/^[\x21-\x7e]+$/);
      expect(response.headers['cache-control']).toBe('public, max-age=3600');
    }
  });

  it('keeps the path still encoded, so non-ASCII paths round-trip', async () => {
    const redirect = await get('/caf%C3%A9/');
    expect(redirect.headers.location).toBe('/caf%C3%A9');
    const page = await get(redirect.headers.location ?? '');
    expect(page.status).toBe(200);
    expect(Buffer.from(page.body, 'latin1').toString('utf8')).toBe('<h1>Café</h1>');
    expect((await get('/%2fevil.com/?q=%C3%A9')).headers.location).toBe('/%2fevil.com?q=%C3%A9');
    expect((await get('//evil.com/')).headers.location).toBe('/evil.com');
  });
});

describe('static files', () => {
  it('are served only when their real path lies inside the build folder', async () => {
    for (const path of ['/hostname.txt', '/package.json', '/linked/secret.html', '/linked/secret']) {
      const response = await get(path);
      expect(response.status, path).toBe(404);
      expect(response.body).not.toContain('outside secret');
      expect(response.body).not.toContain('"scripts"');
    }
    const alias = await get('/alias');
    expect(alias.status).toBe(200);
    expect(alias.body).toBe('<h1>About</h1>');
  });
});

describe('malformed requests', () => {
  it('answers a bad Host with 400', async () => {
    for (const host of ['[', 'a b', 'a/b', 'evil.com:99999', 'x@evil.com']) {
      const response = await rawRequest(server.port, `GET / HTTP/1.1\r\nHost: ${host}`);
      expect(response.status, host).toBe(400);
    }
  });

  it('answers TRACE with 405 and Allow, echoing nothing', async () => {
    for (const [path, allow] of [
      ['/api/send-contact-email', 'POST'],
      ['/about', 'GET, HEAD'],
    ]) {
      const response = await rawRequest(
        server.port,
        `TRACE ${path} HTTP/1.1\r\nHost: localhost\r\nX-Trace-Secret: echo-me`,
      );
      expect(response.status).toBe(405);
      expect(response.headers.allow).toBe(allow);
      expect(response.body).not.toContain('echo-me');
    }
  });

  it('answers other methods on static paths with 405 and Allow', async () => {
    for (const method of ['POST', 'PUT', 'DELETE', 'OPTIONS', 'PATCH']) {
      const response = await rawRequest(
        server.port,
        `${method} /about HTTP/1.1\r\nHost: localhost\r\nContent-Length: 0`,
      );
      expect(response.status, method).toBe(405);
      expect(response.headers.allow).toBe('GET, HEAD');
    }
  });

  it('never lets an absolute-form target make a foreign Origin our own', async () => {
    const body = JSON.stringify({ name: 'Jo', email: 'jo@example.co.uk', message: 'Hello' });
    const response = await rawRequest(
      server.port,
      [
        'POST http://evil.example/api/send-contact-email HTTP/1.1',
        'Host: localhost',
        'Origin: http://evil.example',
        'Content-Type: application/json',
        `Content-Length: ${body.length}`,
      ].join('\r\n'),
      body,
    );
    expect(response.status).toBe(403);
  });
});

describe('security headers', () => {
  const siteWide = headersFor('/', baseHeaderRules);
  const expectSiteHeaders = (response: RawResponse, label: string) => {
    expect(Object.keys(siteWide).length).toBeGreaterThan(4);
    for (const [name, value] of Object.entries(siteWide))
      expect(response.headers[name], `${label}: ${name}`).toBe(value);
  };

  it('are on every answer of the site: 200, 301, 400, 404, 405 and 431', async () => {
    const json = JSON.stringify({ a: 1 });
    const answers: Array<[number, Promise<RawResponse>]> = [
      [200, get('/about')],
      [301, get('/about/')],
      [301, get('/services/bpo')],
      [400, rawRequest(server.port, 'GET / HTTP/1.1\r\nHost: a b')],
      [404, get('/no-such-page')],
      [
        405,
        rawRequest(
          server.port,
          `POST /about HTTP/1.1\r\nHost: localhost\r\nContent-Length: ${json.length}`,
          json,
        ),
      ],
      [405, rawRequest(server.port, 'TRACE / HTTP/1.1\r\nHost: localhost')],
      [431, get('/', `\r\nX-Big: ${'x'.repeat(20_000)}`)],
    ];
    for (const [status, answer] of answers) {
      const response = await answer;
      expect(response.status).toBe(status);
      expectSiteHeaders(response, String(status));
    }
    expect((await get('/about')).headers['content-security-policy']).toBe(pageCsp);
  });

  it('are on the function’s answers too (2xx to 5xx), which keep their stricter CSP', async () => {
    const body = JSON.stringify({ name: 'Jo Bloggs', email: 'jo@example.co.uk', message: 'Hello' });
    const post = (type: string) =>
      rawRequest(
        server.port,
        `POST /api/send-contact-email HTTP/1.1\r\nHost: localhost\r\nContent-Type: ${type}\r\nContent-Length: ${body.length}`,
        body,
      );
    const answers: Array<[number, RawResponse]> = [
      [405, await rawRequest(server.port, 'GET /api/send-contact-email HTTP/1.1\r\nHost: localhost')],
      [415, await post('text/plain')],
      // No mail settings: the enquiry is kept and answered as accepted.
      [200, await post('application/json')],
      [303, await post('application/x-www-form-urlencoded')],
    ];
    for (const [status, response] of answers) {
      expect(response.status).toBe(status);
      expectSiteHeaders(response, `function ${status}`);
      expect(response.headers['content-security-policy']).toBe(functionCsp);
      expect(response.headers['cache-control']).toBe('no-store');
    }
  });
});

describe('start-up', () => {
  it('says once, plainly, that enquiries are kept, where, how to list them and what to set', async () => {
    const output = await server.waitForOutput(/^!{10,}$[\s\S]*^!{10,}$/m);
    const box = /^!{10,}$[\s\S]*?^!{10,}$/m.exec(output)?.[0] ?? '';
    expect(box).toContain('enquiries are kept');
    expect(box).toContain(join(work, '.data'));
    expect(box).toContain('npm run enquiries');
    for (const name of ['SMTP_HOST', 'MAIL_FROM', 'MAIL_TO']) expect(box).toContain(name);
    expect(box).not.toMatch(/refus|503|not_configured|NOT be emailed/i);
    expect(output.match(/Mail is not configured/g)).toHaveLength(1);
  });

  it('prints the launch check’s placeholders once, as a warning, and serves anyway', async () => {
    // A clean environment: the default addresses are placeholders, the project's company entry may be.
    const output = await server.waitForOutput(/to fix before going live/);
    expect(output.match(/to fix before going live/g)).toHaveLength(1);
    expect(output).toContain('SITE_URL');
    const items = launchItems({ settings: launchSettings({}), companyText: readCompanyText(project) });
    for (const { problem } of items) expect(output).toContain(problem);
    expect((await get('/')).status).toBe(200);
  });

  it('reads .env without overriding the real environment', async () => {
    const cwd = mkdtempSync(join(tmpdir(), 'self-hosting-env-'));
    const realStore = join(cwd, 'real-store');
    writeFileSync(join(cwd, '.env'), ['ENQUIRY_STORE_DIR=file-store', 'SMTP_HOST='].join('\n'));
    const withEnv = await startLikeNpmStart({ cwd, env: { OUT_DIR: root, ENQUIRY_STORE_DIR: realStore } });
    try {
      const output = await withEnv.waitForOutput(/npm run enquiries/);
      expect(output).toContain(realStore);
      expect(output).not.toContain('file-store');
      const body = 'name=Jo&email=jo%40example.co.uk&message=Hello';
      const response = await rawRequest(
        withEnv.port,
        `POST /api/send-contact-email HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/x-www-form-urlencoded\r\nContent-Length: ${body.length}`,
        body,
      );
      expect(response.headers.location).toBe('/contact/sent');
      expect(readdirSync(realStore, { recursive: true }).length).toBeGreaterThan(0);
    } finally {
      await withEnv.stop();
      rmSync(cwd, { recursive: true, force: true });
    }
  });
});
