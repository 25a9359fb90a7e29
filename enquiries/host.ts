/**
 * What `npm start` and `npm run dev` run around the functions: the SQLite store in
 * ENQUIRY_STORE_DIR (store/sqlite.ts); the health check, the contact function and the retry job
 * (with the owner's alerts, incident.ts) wired to it and to one shared memory of sends not yet
 * saved as delivered (so the job never mails those again); the job at start-up and every minute;
 * and a clean stop: no new job work and no new send (an enquiry arriving then is stored for the
 * next start's job: accept.ts), the requests and job run in progress finish their sends and saves
 * (as long as they may take), then the store is closed.
 */
import { createContactLimiter } from './contact-rate-limit.ts';
import { deliverEmail } from './send.ts';
import { longestSendMs } from './mail-settings.ts';
import { longestDeliveredSaveMs } from './saving-delivered.ts';
import { createRetryHandler } from './retry-handler.ts';
import { createContactHandler, type ContactDeps, type ContactHandler } from './contact-handler.ts';
import type { EnquiryStore } from './store/store.ts';
import type { Env } from '../src/lib/shared/env.ts';
import { scheduleRetries } from './retry-schedule.ts';
import { openSqliteStore } from './store/sqlite.ts';
import { createHealthHandler } from './health-handler.ts';

/** A request handler as the host serves it, given the client's address. */
type Served = (request: Request, context?: { ip?: string }) => Promise<Response>;

/**
 * The longest a stop waits for sends in progress and their saves: as long as a send and the save
 * of its outcome may take (about 31 s), so a stop never closes the store under a send that then
 * goes unrecorded and is mailed again after a restart.
 */
const drainLimitMs = longestSendMs + longestDeliveredSaveMs;

export interface EnquiryHost {
  directory: string;
  /** The contact function's dependencies here, for a host that loads the function itself. */
  contactDeps: ContactDeps;
  /** The contact function, its work counted until it has finished. */
  contact: Served;
  /** A contact function built here, its work (what outlives the answer included) counted. */
  serve(handler: ContactHandler): Served;
  /** `GET /api/health` over this host's store. */
  health: Served;
  stop(): Promise<void>;
}

export interface HostOptions {
  directory: string;
  env?: Env;
  /** The agency's name (in each email), its site's address and the address visitors may write to. */
  site: { brand: string; url: string; email: string };
  /** The store; the SQLite file in `directory` unless given. */
  store?: EnquiryStore;
  /** How long an enquiry waits for that file while another process holds its write lock. */
  storeWaitMs?: number;
  now?: () => number;
}

export function startEnquiryHost({
  directory,
  env = process.env,
  site,
  store,
  storeWaitMs,
  now = () => Date.now(),
}: HostOptions): EnquiryHost {
  const kept = store ?? openSqliteStore(directory, { waitMs: storeWaitMs });
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
    sending: new Set<string>(),
  };
  const contactDeps: ContactDeps = {
    ...shared,
    limiter: createContactLimiter(),
    site,
    stopping: stopping.signal,
  };
  const serve =
    (handler: ContactHandler): Served =>
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
    health: createHealthHandler({ now, store: kept, env }),
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
