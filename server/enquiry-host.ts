/**
 * What `npm start` and `npm run dev` run around the functions: the SQLite store in
 * ENQUIRY_STORE_DIR (sqlite-store.ts), the contact function and the retry job wired to it and to
 * one shared memory of sends not yet saved as delivered (so the job never mails those again), the
 * job at start-up and every minute, and a clean stop: no new job work, the requests and job run in
 * progress finish their sends and saves (for at most ten seconds), then the store is closed.
 */
import { contactLimiter } from '../functions/lib/contact-rate-limit.ts';
import { deliverEmail } from '../functions/lib/send.ts';
import { createRetryHandler } from '../functions/retry-enquiries.mts';
import {
  createContactHandler,
  type ContactDeps,
  type ContactHandler,
} from '../functions/send-contact-email.mts';
import type { EnquiryStore } from '../functions/lib/store/store.ts';
import type { Env } from '../src/lib/shared/env.ts';
import { site } from '../src/site.config.ts';
import type { WebHandler } from './function-route.ts';
import { scheduleRetries } from './retry-schedule.ts';
import { openSqliteStore } from './sqlite-store.ts';

/** The longest a stop waits for sends in progress and their saves. */
const drainLimitMs = 10_000;

export interface EnquiryHost {
  directory: string;
  /** The contact function's dependencies here, for a host that loads the function itself. */
  contactDeps: ContactDeps;
  /** The contact function, its work counted until it has finished. */
  contact: WebHandler;
  /** A contact function built here, its work (what outlives the answer included) counted. */
  serve(handler: ContactHandler): WebHandler;
  stop(): Promise<void>;
}

export interface HostOptions {
  directory: string;
  env?: Env;
  /** The store; the SQLite file in `directory` unless given. */
  store?: EnquiryStore;
  now?: () => number;
}

export function startEnquiryHost({
  directory,
  env = process.env,
  store,
  now = () => Date.now(),
}: HostOptions): EnquiryHost {
  const kept = store ?? openSqliteStore(directory);
  const stopping = new AbortController();
  const inFlight = new Set<Promise<unknown>>();
  const track = <T>(work: Promise<T>): Promise<T> => {
    inFlight.add(work);
    const forget = () => void inFlight.delete(work);
    work.then(forget, forget);
    return work;
  };
  const shared = {
    now,
    store: kept,
    mailer: deliverEmail,
    env,
    brand: site.brand,
    unsaved: new Set<string>(),
  };
  const contactDeps: ContactDeps = { ...shared, limiter: contactLimiter };
  const serve =
    (handler: ContactHandler): WebHandler =>
    (request, context) =>
      track(handler(request, { ...context, waitUntil: (work) => void track(work) }));
  const retry = createRetryHandler({ ...shared, signal: stopping.signal });
  const retries = scheduleRetries(() => track(retry()));

  async function drained(): Promise<void> {
    while (inFlight.size > 0) await Promise.allSettled([...inFlight]);
  }

  return {
    directory,
    contactDeps,
    contact: serve(createContactHandler(contactDeps)),
    serve,
    async stop() {
      stopping.abort();
      let timer: ReturnType<typeof setTimeout> | undefined;
      const limit = new Promise((done) => (timer = setTimeout(done, drainLimitMs)));
      await Promise.race([Promise.all([retries.stop(), drained()]), limit]);
      clearTimeout(timer);
      await kept.close();
    },
  };
}
