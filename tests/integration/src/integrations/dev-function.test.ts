/**
 * `npm run dev` routes the contact function and the health check: the dev-server middleware from src/integrations,
 * which also starts the local SQLite store, the retry job and the warning as the dev server starts
 * listening, and stops them with it. With no
 * mail settings, the real function keeps an enquiry in that store, as `npm start` does.
 */
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { enquiryDatabaseFile } from '#enquiries/store/sqlite-file.ts';
import { openSqliteStore } from '#enquiries/store/sqlite.ts';
import { devFunction } from '#src/integrations/dev-function.ts';
import { healthEndpoint } from '#src/lib/shared/paths.ts';
import { sampleEnquiry, storedIds } from '#support/enquiries.ts';

type Middleware = (req: IncomingMessage, res: ServerResponse, next: () => void) => void;

const seen: { method: string; body: string; ip?: string }[] = [];
const handler = async (request: Request, context?: { ip?: string }) => {
  seen.push({ method: request.method, body: await request.text(), ip: context?.ip });
  return new Response('{"ok":true}', { status: 200, headers: { 'content-type': 'application/json' } });
};
const loaded: string[] = [];
const middlewares: Middleware[] = [];
const warnings: string[] = [];
const project = path.resolve(import.meta.dirname, '../../../..');

// The path Netlify serves, with a stand-in handler; and a second path with the real function.
const integrations = [
  devFunction({ path: '/api/send-contact-email', entry: '/enquiries/contact-handler.ts' }),
  devFunction({ path: '/api/real-function', entry: '/real/enquiries/contact-handler.ts' }),
];
const storeDir = path.join(mkdtempSync(path.join(os.tmpdir(), 'dev-function-')), 'data');
vi.stubEnv('ENQUIRY_STORE_DIR', storeDir);
for (const name of ['SMTP_HOST', 'MAIL_FROM', 'MAIL_TO']) vi.stubEnv(name, undefined);
const server = createServer((req, res) => {
  const [first, second] = middlewares;
  first?.(req, res, () =>
    second?.(req, res, () => {
      res.statusCode = 299;
      res.end('next');
    }),
  );
});
for (const integration of integrations) {
  const setup = integration.hooks['astro:server:setup'] as unknown as (options: object) => void;
  setup({
    server: {
      httpServer: server,
      close: async () => undefined,
      middlewares: { use: (fn: Middleware) => middlewares.push(fn) },
      ssrLoadModule: async (url: string) => {
        if (url.startsWith('/real/')) return import(path.join(project, url.slice('/real'.length)));
        loaded.push(url);
        return { createContactHandler: () => handler };
      },
    },
    logger: { error: vi.fn(), warn: (text: string) => warnings.push(text) },
  });
}

let origin = '';

beforeAll(async () => {
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  // Started as the server listens, before any request: the store, the retry job and the warning.
  while (warnings.length < integrations.length) await new Promise((done) => setTimeout(done, 20));
});

afterAll(async () => {
  await new Promise((done) => server.close(done));
  vi.unstubAllEnvs();
  rmSync(path.dirname(storeDir), { recursive: true, force: true });
});

describe('the dev server middleware', () => {
  it('answers the function path with the function, loaded through Vite', async () => {
    const response = await fetch(`${origin}/api/send-contact-email?x=1`, { method: 'POST', body: 'hello' });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ ok: true });
    expect(loaded).toEqual(['/enquiries/contact-handler.ts']);
    expect(seen).toEqual([{ method: 'POST', body: 'hello', ip: '127.0.0.1' }]);
  });

  it('keeps an enquiry without mail settings in the local store, answered as received', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const response = await fetch(`${origin}/api/real-function`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(sampleEnquiry),
    });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ ok: true });
    const store = openSqliteStore(storeDir);
    const ids = await storedIds(store);
    expect(ids.ok && ids.value).toHaveLength(1);
    const id = ids.ok ? (ids.value[0] ?? '') : '';
    expect(await store.readRecord(id)).toMatchObject({
      ok: true,
      value: { status: 'pending', reason: 'not_configured', attempts: 0, enquiry: sampleEnquiry },
    });
    await store.close();
    vi.restoreAllMocks();
  });

  it('says at start-up that enquiries are kept, where, and how to list them', () => {
    expect(warnings[0]).toContain('enquiries are kept');
    expect(warnings[0]).toContain(storeDir);
    expect(warnings[0]).toContain('npm run enquiries');
  });

  it('starts the local enquiry store before the function runs', () => {
    expect(statSync(path.join(storeDir, enquiryDatabaseFile)).isFile()).toBe(true);
  });

  it('answers the health check from the same store', async () => {
    const response = await fetch(`${origin}${healthEndpoint}`);
    expect(response.headers.get('content-type')).toBe('application/health+json');
    // Mail is not configured here: a warning, still 200 for a monitor.
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({
      status: 'warn',
      checks: { 'mail:configured': [{ status: 'warn' }] },
    });
  });

  it('leaves every other path to Astro', async () => {
    const response = await fetch(`${origin}/contact`);
    expect(response.status).toBe(299);
    expect(await response.text()).toBe('next');
    expect(seen).toHaveLength(1);
  });
});
