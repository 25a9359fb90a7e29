/**
 * Shared pieces for the enquiry tests: a valid enquiry, the functions' real dependencies, an SMTP
 * environment, a local store in a folder of its own, and a way to point the Blobs client at a
 * port where nothing listens for the length of a callback.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setEnvironmentContext } from '@netlify/blobs';
import { vi } from 'vitest';
import { contactRateLimit } from '../../functions/lib/contact-rate-limit.ts';
import { deliverEmail } from '../../functions/lib/send.ts';
import type { Mailer } from '../../functions/lib/send.ts';
import { openEnquiryStore } from '../../functions/lib/store/records.ts';
import { createSlidingWindowLimiter } from '../../functions/lib/sliding-window-limiter.ts';
import { createContactHandler, type ContactHandler } from '../../functions/send-contact-email.mts';
import type { Enquiry } from '../../src/lib/shared/enquiry.ts';
import { site } from '../../src/site.config.ts';
import { startLocalBlobs, type LocalBlobs } from '../../server/local-blobs.ts';
import { closedPort, smtpTestEnv } from './smtp-test-server.ts';

export const sampleEnquiry: Enquiry = {
  name: 'Ada Sentinel-Lovelace',
  email: 'ada.sentinel@visitor.example',
  company: 'Analytical Engines Sentinel Ltd',
  projectType: 'shopify',
  budgetRange: '5k-10k',
  message: 'We need a new Shopify store for our sentinel range.',
};

/**
 * The local store (as `npm start` runs it) over `data/` in a fresh temporary folder, which the
 * store creates itself; `stop()` stops it and deletes the folder.
 */
export async function startTempStore(prefix: string): Promise<LocalBlobs> {
  const root = await mkdtemp(join(tmpdir(), prefix));
  const blobs = await startLocalBlobs(join(root, 'data'));
  return {
    directory: blobs.directory,
    get url() {
      return blobs.url;
    },
    async stop() {
      await blobs.stop();
      await rm(root, { recursive: true, force: true });
    },
  };
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

/** The real dependencies the deployed functions wire, with a limiter of the test's own. */
export function realDeps() {
  return {
    now: () => Date.now(),
    store: openEnquiryStore(),
    mailer,
    env: process.env,
    brand: site.brand,
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
