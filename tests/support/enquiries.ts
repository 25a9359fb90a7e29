/**
 * Shared pieces for the enquiry tests: a valid enquiry, the functions' real dependencies (the
 * Blobs adapter, as deployed), an SMTP environment, Netlify Blobs' stand-in in a folder of its own
 * (blobs-server.ts), and a way to point the Blobs client at a port where nothing listens for the
 * length of a callback.
 */
import { setEnvironmentContext } from '@netlify/blobs';
import { vi } from 'vitest';
import { deliverEmail } from '#enquiries/send.ts';
import type { Mailer } from '#enquiries/send.ts';
import { openBlobsStore } from '#enquiries/store/blobs.ts';
import type { EnquiryStore, StoreResult } from '#enquiries/store/store.ts';
import { createSlidingWindowLimiter } from '#enquiries/sliding-window-limiter.ts';
import { createContactHandler, type ContactHandler } from '#enquiries/contact-handler.ts';
import type { Enquiry } from '#src/lib/shared/enquiry.ts';
import { site } from '#src/site.config.ts';
import { startTestBlobs, type TestBlobs } from './blobs-server.ts';
import { closedPort, smtpTestEnv } from './smtp-test-server.ts';
import { contactRateLimit } from '#src/lib/shared/enquiry-policy.ts';

export const sampleEnquiry: Enquiry = {
  name: 'Ada Sentinel-Lovelace',
  email: 'ada.sentinel@visitor.example',
  company: 'Analytical Engines Sentinel Ltd',
  projectType: 'shopify',
  budgetRange: '5k-10k',
  message: 'We need a new Shopify store for our sentinel range.',
};

/** Netlify Blobs' stand-in over a fresh temporary folder; `stop()` stops it and deletes the folder. */
export function startTempStore(prefix: string): Promise<TestBlobs> {
  return startTestBlobs(prefix);
}

/**
 * Runs `work` while Netlify Blobs answers every conditional write ("only if new", "only if it
 * still matches") with `status`; every other request passes through.
 */
export async function whileConditionalWritesAnswer<T>(status: number, work: () => Promise<T>): Promise<T> {
  const real = globalThis.fetch;
  const conditional = (headers: Headers) => headers.has('if-match') || headers.has('if-none-match');
  const spy = vi
    .spyOn(globalThis, 'fetch')
    .mockImplementation((input, init) =>
      init?.method?.toUpperCase() === 'PUT' && conditional(new Headers(init.headers))
        ? Promise.resolve(new Response('refused', { status }))
        : real(input, init),
    );
  try {
    return await work();
  } finally {
    spy.mockRestore();
  }
}

export async function withBlobsDown<T>(run: () => Promise<T>): Promise<T> {
  const saved = process.env.NETLIFY_BLOBS_CONTEXT ?? '';
  const context: object = JSON.parse(Buffer.from(saved, 'base64').toString('utf8') || '{}');
  const url = `http://127.0.0.1:${await closedPort()}`;
  setEnvironmentContext({ ...context, edgeURL: url, uncachedEdgeURL: url });
  try {
    return await run();
  } finally {
    process.env.NETLIFY_BLOBS_CONTEXT = saved;
  }
}

/** Shorter SMTP time limits for the next sends, so a test of a slow server takes a second. */
const shortened: { greetingTimeout?: number; sendTimeoutMs?: number } = {};

export function shortenSmtpLimits(limits: typeof shortened): void {
  Object.assign(shortened, limits);
}

/** The real mailer, with the route's time limits replaced by any the test shortened. */
const mailer: Mailer = (email, route) => {
  const { greetingTimeout, sendTimeoutMs } = shortened;
  return deliverEmail(email, {
    ...route,
    sendTimeoutMs: sendTimeoutMs ?? route.sendTimeoutMs,
    transport: { ...route.transport, greetingTimeout: greetingTimeout ?? route.transport.greetingTimeout },
  });
};

/** What a process running the contact function and the job shares (send.ts), fresh and empty. */
export const processMemory = () => ({ unsaved: new Set<string>(), sending: new Set<string>() });

/** The real dependencies the deployed functions wire, with a limiter of the test's own. */
export function realDeps() {
  return {
    now: () => Date.now(),
    store: openBlobsStore(),
    mailer,
    env: process.env,
    brand: site.brand,
    site,
  };
}

export function contactHandlerForTests(): ContactHandler {
  return createContactHandler({ ...realDeps(), limiter: createSlidingWindowLimiter(contactRateLimit) });
}

/** Stubs the environment of an SMTP route to `port` on 127.0.0.1 with the test server's login. */
export function stubSmtpEnv(port: number): void {
  for (const [name, value] of Object.entries(smtpTestEnv(port))) vi.stubEnv(name, value);
  vi.stubEnv('CONTEXT', undefined);
  vi.stubEnv('NODE_ENV', 'test');
  delete shortened.greetingTimeout;
  delete shortened.sendTimeoutMs;
}

/** The ids a store holds, as a store result (order as the store lists them: newest first). */
export async function storedIds(store: EnquiryStore): Promise<StoreResult<string[]>> {
  const listed = await store.list();
  return listed.ok ? { ok: true, value: listed.value.map((record) => record.id) } : listed;
}
