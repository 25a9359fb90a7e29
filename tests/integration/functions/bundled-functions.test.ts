/**
 * Proof the functions deploy: the enquiry path's two are bundled by Netlify's own bundler (zip-it-and-ship-it, as a
 * Netlify build does), and the bundled handlers answer real `Request`s against a local SMTP server
 * and the local Blobs server. Also shows that v2 functions are bundled with nft whatever
 * `node_bundler` says, which is why netlify.toml no longer sets it.
 */
import { randomUUID } from 'node:crypto';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { zipFunctions } from '@netlify/zip-it-and-ship-it';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { openBlobsStore } from '#enquiries/store/blobs.ts';
import { config as contactConfig } from '#functions/send-contact-email.mts';
import { config as retryConfig } from '#functions/retry-enquiries.mts';
import { healthEndpoint } from '#src/lib/shared/paths.ts';
import { startTestBlobs, type TestBlobs } from '#support/blobs-server.ts';
import { sampleEnquiry, stubSmtpEnv, storedIds } from '#support/enquiries.ts';
import { closedPort, startSmtpServer, type TestSmtpServer } from '#support/smtp-test-server.ts';
import { enquiryPolicy } from '#src/lib/shared/enquiry-policy.ts';

type Handler = (request: Request, context?: object) => Promise<Response>;

const project = path.resolve(import.meta.dirname, '../../..');
let root: string;
let blobs: TestBlobs;
let smtp: TestSmtpServer;
let bundles: Awaited<ReturnType<typeof zipFunctions>>;
const handlers: Record<string, Handler> = {};
const store = openBlobsStore();

beforeAll(async () => {
  root = await mkdtemp(path.join(os.tmpdir(), 'bundled-functions-'));
  bundles = await zipFunctions([path.join(project, 'functions')], path.join(root, 'bundles'), {
    archiveFormat: 'none',
    basePath: project,
    repositoryRoot: project,
    manifest: path.join(root, 'manifest.json'),
    config: { '*': { nodeBundler: 'esbuild', nodeVersion: '24' } },
  });
  for (const bundle of bundles) {
    const main = path.join(bundle.path, 'functions', `${bundle.name}.mjs`);
    handlers[bundle.name] = ((await import(pathToFileURL(main).href)) as { default: Handler }).default;
  }
  blobs = await startTestBlobs();
  smtp = await startSmtpServer();
  for (const method of ['info', 'warn', 'error'] as const) {
    vi.spyOn(console, method).mockImplementation(() => undefined);
  }
}, 120_000);

afterAll(async () => {
  await smtp.close();
  await blobs.stop();
  await rm(root, { recursive: true, force: true });
  vi.useRealTimers();
  vi.unstubAllEnvs();
  vi.restoreAllMocks();
});

const post = (handler: Handler | undefined) =>
  handler?.(
    new Request('https://agency.example/api/send-contact-email', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ ...sampleEnquiry, submissionId: randomUUID() }),
    }),
    { ip: '192.0.2.44' },
  );

describe("the functions as Netlify's bundler builds them", () => {
  it('are three v2 functions, bundled with nft although esbuild was asked for', () => {
    const byName = Object.fromEntries(bundles.map((bundle) => [bundle.name, bundle]));
    expect(Object.keys(byName).sort()).toEqual([
      'health',
      'retry-enquiries',
      'scheduled-rebuild',
      'send-contact-email',
    ]);
    for (const bundle of bundles) {
      expect(bundle).toMatchObject({ runtimeAPIVersion: 2, bundler: 'nft' });
    }
    expect(byName['send-contact-email']?.config).toMatchObject({
      path: ['/api/send-contact-email'],
      rateLimit: contactConfig.rateLimit,
    });
    expect(byName['retry-enquiries']?.schedule).toBe(retryConfig.schedule);
    expect(byName.health?.config).toMatchObject({ path: [healthEndpoint] });
  });

  it('the bundled health check reads the store and answers in the health-check format', async () => {
    const response = await handlers.health?.(new Request(`https://agency.example${healthEndpoint}`));
    expect(response?.headers.get('content-type')).toBe('application/health+json');
    expect(response?.headers.get('cache-control')).toBe('no-store');
    const body = (await response?.json()) as { status: string; checks: Record<string, unknown> };
    expect(['pass', 'warn']).toContain(body.status);
    expect(body.checks['enquiry-store:readable']).toEqual([expect.objectContaining({ status: 'pass' })]);
  });

  it('give the retry job a schedule and no route: Netlify lets no one invoke it by URL', async () => {
    // "You can't invoke scheduled functions directly with a URL" (the scheduled functions page of
    // Netlify's documentation), which holds only while the job has a schedule and no path.
    const manifest = JSON.parse(await readFile(path.join(root, 'manifest.json'), 'utf8')) as {
      functions: { name: string; schedule?: string; routes?: unknown[] }[];
    };
    const byName = Object.fromEntries(manifest.functions.map((entry) => [entry.name, entry]));
    expect(byName['retry-enquiries']?.schedule).toBe(retryConfig.schedule);
    expect(byName['retry-enquiries']?.routes ?? []).toEqual([]);
    expect(Object.keys(retryConfig)).toEqual(['schedule']);
    expect(byName['send-contact-email']?.routes).toHaveLength(1);
  });

  it('the bundled contact handler stores and delivers an enquiry', async () => {
    stubSmtpEnv(smtp.port);
    const response = await post(handlers['send-contact-email']);
    expect(response?.status).toBe(200);
    expect(await response?.json()).toEqual({ ok: true });
    expect(smtp.received).toHaveLength(1);
    const ids = await storedIds(store);
    expect(ids.ok && ids.value).toHaveLength(1);
  });

  it('the bundled contact handler keeps an enquiry with no mail variables, logged as an error', async () => {
    for (const name of ['SMTP_HOST', 'SMTP_PORT', 'SMTP_USER', 'SMTP_PASS', 'MAIL_FROM', 'MAIL_TO'])
      vi.stubEnv(name, undefined);
    vi.stubEnv('NETLIFY', 'true');
    smtp.reset();
    const errors = vi.mocked(console.error);
    errors.mockClear();
    const response = await post(handlers['send-contact-email']);
    expect(response?.status).toBe(200);
    expect(await response?.json()).toEqual({ ok: true });
    expect(smtp.connections.opened).toBe(0);
    const line = String(errors.mock.calls.at(-1)?.[0]);
    expect(line).toMatch(/outcome=kept id=[0-9a-f]{32} reason=not_configured problem="SMTP_HOST is not set"/);
    const id = /id=(\w+)/.exec(line)?.[1] ?? '';
    expect(await store.readRecord(id)).toMatchObject({
      ok: true,
      value: { status: 'pending', reason: 'not_configured', attempts: 0 },
    });

    // The bundled retry handler leaves it be while mail is unconfigured, and sends it once when set.
    const retry = () => handlers['retry-enquiries']?.(new Request('https://agency.example/'));
    expect(await (await retry())?.json()).toMatchObject({ ok: true, mailConfigured: false, retried: 0 });
    stubSmtpEnv(smtp.port);
    expect(await (await retry())?.json()).toMatchObject({ ok: true, mailConfigured: true, delivered: 1 });
    expect(await (await retry())?.json()).toMatchObject({ delivered: 0 });
    expect(smtp.received).toHaveLength(1);
    expect(await store.readRecord(id)).toMatchObject({
      ok: true,
      value: { status: 'delivered', attempts: 1 },
    });
  });

  it('the bundled retry handler delivers what the contact handler could only store', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    stubSmtpEnv(await closedPort());
    smtp.reset();
    expect((await post(handlers['send-contact-email']))?.status).toBe(200);
    expect(smtp.received).toHaveLength(0);

    stubSmtpEnv(smtp.port);
    // Run by anyone, whatever the request says, it does only what is due: nothing yet.
    const early = await handlers['retry-enquiries']?.(
      new Request('https://agency.example/.netlify/functions/retry-enquiries', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ next_run: new Date().toISOString(), force: true, all: true }),
      }),
    );
    expect(await early?.json()).toMatchObject({ ok: true, retried: 0, delivered: 0 });
    expect(smtp.received).toHaveLength(0);

    vi.setSystemTime(Date.now() + enquiryPolicy.firstBackoffMs + 1);
    const run = await handlers['retry-enquiries']?.(new Request('https://agency.example/'));
    expect(await run?.json()).toMatchObject({ ok: true, retried: 1, delivered: 1 });
    expect(smtp.received).toHaveLength(1);
  });
});
