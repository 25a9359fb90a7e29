/**
 * The retry job as a host runs it: one run over the store (retry.ts) with the mail route the
 * environment gives now, then the owner's watch and alerts (incident.ts), answered as a JSON summary. Netlify runs it every minute as a scheduled
 * function (functions/retry-enquiries.mts); the local server in-process (host.ts).
 */
import type { Env } from '../src/lib/shared/env.ts';
import { mailRoute } from './mail-settings.ts';
import { runEnquiryJob } from './retry.ts';
import type { Mailer } from './send.ts';
import type { EnquiryStore } from './store/store.ts';
import { updateWatch, type IncidentMemory } from './incident.ts';
import type { AlertPost } from './alerts.ts';

export interface RetryDeps {
  now: () => number;
  /** The agency's name, in the email's first line. */
  brand: string;
  store: EnquiryStore;
  mailer: Mailer;
  env: Env;
  /**
   * Ids sent and not yet saved as delivered, and ids being sent right now (send.ts): a host that
   * runs the contact function beside the job passes one of each to both; else the job has its own.
   */
  unsaved?: Set<string>;
  sending?: Set<string>;
  /** Asks a run to start no new work (a server shutting down). */
  signal?: AbortSignal;
  /** Posts the owner's alerts (alerts.ts); to ALERT_WEBHOOK_URL by default. */
  post?: AlertPost;
}

export function createRetryHandler(deps: RetryDeps): () => Promise<Response> {
  // An incident the store cannot keep (the store failing) is remembered here, for this process.
  const memory: IncidentMemory = { storeAlerted: false };
  const owned = { unsaved: deps.unsaved ?? new Set<string>(), sending: deps.sending ?? new Set<string>() };
  return async function retryEnquiries() {
    const route = mailRoute(deps.env);
    const summary = await runEnquiryJob({ ...deps, ...owned, route });
    // After the run's sends: a slow or failing webhook never holds an enquiry back.
    const { lastFailure, lastDeliveredAt } = summary;
    await updateWatch(deps, { job: true, lastFailure, lastDeliveredAt }, memory);
    return Response.json({ ok: true, mailConfigured: route.kind === 'smtp', ...summary });
  };
}
