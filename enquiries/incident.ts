/**
 * The owner hears of it once: after each run of the retry job, the watch (watch.ts) is brought up
 * to date (the run, its last failure and delivery, what waits), health.ts judges it, and an
 * incident is opened when it fails, or closed once it no longer fails and nothing waits. The
 * incident lives in the store and every save of it is conditional on the version read, so of two
 * servers on one store, or two function instances, one opens it and sends the one opening alert,
 * and one closes it and sends the one resolution: nothing in between, whatever the number of
 * enquiries, attempts or runs. An opening alert the webhook refused is tried again on the next
 * runs (a few times), its failure logged once. A store that cannot be read is an incident this
 * process alerts on by itself (it cannot be kept in the store). Never throws.
 */
import { alertSettings, mailRoute } from './mail-settings.ts';
import { judgeHealth } from './health.ts';
import { openingMessage, postAlert, resolvedMessage, type AlertMessage, type AlertPost } from './alerts.ts';
import {
  later,
  type Incident,
  type Observed,
  type SendFailure,
  type Waiting,
  type WatchState,
} from './watch.ts';
import type { EnquiryStore } from './store/store.ts';
import type { Env } from '../src/lib/shared/env.ts';

export interface IncidentDeps {
  store: EnquiryStore;
  now: () => number;
  env: Env;
  brand: string;
  post?: AlertPost;
  /** Where the alert lines go: an error line, so it stands out in a function's log. */
  log?: (line: string) => void;
}

/** What a run of the job, or the contact function's failed send, saw. */
export interface WatchFacts {
  /** The retry job's run: recorded as such, and what waits counted afresh. */
  job?: boolean;
  lastFailure?: SendFailure;
  lastDeliveredAt?: string;
  /** When an enquiry the contact function could not send (and kept) was received. */
  pendingSince?: string;
}

/** Tries of a conditional save that another instance's save got ahead of. */
const saveTries = 3;
/** How many runs try an opening alert the webhook refused. */
const alertTries = 5;
/** An opening alert still "sending" this long was cut off (its process stopped): sent again. */
const sendingCutOffMs = 2 * 60_000;

/** What a process remembers for an incident it cannot keep in the store (the store itself failing). */
export interface IncidentMemory {
  storeAlerted: boolean;
}

const newer = (a: SendFailure | undefined, b: SendFailure | undefined) =>
  !a ? b : !b ? a : Date.parse(b.at) >= Date.parse(a.at) ? b : a;

type Step = { state: WatchState; send?: 'opening' | 'resolved' };

/** The watch after a run, and which alert (if any) the run's save makes this process send. */
function nextStep(
  state: WatchState,
  deps: IncidentDeps,
  health: ReturnType<typeof judgeHealth>,
  job: boolean,
): Step {
  const nowIso = new Date(deps.now()).toISOString();
  const incident = state.incident;
  const cause = health.cause === 'job' ? undefined : health.cause;
  const waiting = health.observed?.waiting.count ?? 0;
  const sending = { state: 'sending', since: nowIso } as const;
  if (!incident && cause) {
    return {
      state: { ...state, incident: { openedAt: nowIso, cause, alert: sending, tries: 1 } },
      send: 'opening',
    };
  }
  if (!incident) return { state };
  if (!cause && waiting === 0) {
    const { incident: _, ...closed } = state;
    return { state: closed, send: incident.alert.state === 'sent' ? 'resolved' : undefined };
  }
  const { alert, tries = 1 } = incident;
  const cutOff = alert.state === 'sending' && deps.now() - Date.parse(alert.since) > sendingCutOffMs;
  // Only the job tries a refused alert again: once a run, not once an enquiry.
  if (job && (alert.state === 'failed' || cutOff) && tries < alertTries) {
    return {
      state: { ...state, incident: { ...incident, alert: sending, tries: tries + 1 } },
      send: 'opening',
    };
  }
  return { state };
}

/** How a conditional save of the watch went: saved (with what `change` made of it), or why not. */
type WatchSave<T> =
  | { kind: 'saved'; value: T }
  | { kind: 'unread' | 'unsaved'; code: string }
  | { kind: 'unchanged' | 'outrun' };

/**
 * The one way the watch is changed: observe it, work out its next state with `change` (undefined:
 * leave it as it is), save that on the version read, and when another process saved first, look
 * again, `saveTries` times at most.
 */
async function saveWatchWith<T>(
  store: EnquiryStore,
  change: (observed: Observed) => { state: WatchState; value: T } | undefined,
  { recount = false }: { recount?: boolean } = {},
): Promise<WatchSave<T>> {
  for (let tried = 0; tried < saveTries; tried += 1) {
    const observed = await store.observe({ recount });
    if (!observed.ok) return { kind: 'unread', code: observed.code };
    const next = change(observed.value);
    if (!next) return { kind: 'unchanged' };
    const saved = await store.saveWatch(next.state, observed.value.version);
    if (!saved.ok) return { kind: 'unsaved', code: saved.code };
    if (saved.value) return { kind: 'saved', value: next.value };
  }
  return { kind: 'outrun' };
}

/**
 * The watch brought up to date after the job's run (`facts.job`: its run recorded, what waits
 * recounted) or after the contact function's failed send (`facts.pendingSince`: the enquiry kept
 * for the job, which waits whatever the last count says); the incident opened or closed, and its
 * alert sent by the one process whose save landed.
 */
export async function updateWatch(
  deps: IncidentDeps,
  facts: WatchFacts,
  memory?: IncidentMemory,
): Promise<void> {
  const settings = alertSettings(deps.env);
  const route = mailRoute(deps.env);
  const alertAfterMinutes = settings.afterMs / 60_000;
  const result = await saveWatchWith(
    deps.store,
    ({ state, waiting: counted }) => {
      const nowMs = deps.now();
      const waiting = withPending(counted, facts.pendingSince);
      const updated: WatchState = {
        ...state,
        // Kept for a store that cannot count what waits on each read (Blobs); SQLite counts it.
        waiting,
        ...(facts.job ? { lastJobRunAt: new Date(nowMs).toISOString() } : {}),
        lastFailure: newer(state.lastFailure, facts.lastFailure),
        lastDeliveredAt: later(state.lastDeliveredAt, facts.lastDeliveredAt),
      };
      const health = judgeHealth({
        observed: { ok: true, value: { waiting, state: updated } },
        nowMs,
        route,
        alertAfterMs: settings.afterMs,
      });
      const step = nextStep(updated, deps, health, facts.job === true);
      return { state: step.state, value: { step, waiting, lastFailure: updated.lastFailure } };
    },
    { recount: facts.job === true },
  );
  if (result.kind === 'unread') {
    if (memory && !memory.storeAlerted) {
      memory.storeAlerted = true;
      const facts = { brand: deps.brand, cause: 'store' as const, waiting: { count: 0 }, alertAfterMinutes };
      await alert(deps, settings.webhookUrl, openingMessage(facts), `cause=store code=${result.code}`);
    }
    return;
  }
  if (result.kind === 'unsaved') {
    (deps.log ?? console.error)(`[enquiry-alert] the watch could not be saved (${result.code})`);
    return;
  }
  if (result.kind !== 'saved') return;
  const { step, waiting, lastFailure } = result.value;
  const recovered = memory?.storeAlerted === true && !step.state.incident && waiting.count === 0;
  if (recovered) memory.storeAlerted = false;
  if (step.send === 'resolved' || recovered) {
    await alert(deps, settings.webhookUrl, resolvedMessage(deps), 'nothing waits');
  }
  const incident = step.state.incident;
  if (step.send === 'opening' && incident) {
    const message = openingMessage({
      brand: deps.brand,
      cause: incident.cause,
      waiting,
      lastFailure,
      alertAfterMinutes,
    });
    const details = `cause=${incident.cause} waiting=${waiting.count}`;
    await settleAlert(
      deps,
      incident,
      await alert(deps, settings.webhookUrl, message, details, incident.tries === 1),
    );
  }
}

/** What waits, with an enquiry just kept for the job counted in (a store's count may predate it). */
function withPending(waiting: Waiting, pendingSince: string | undefined): Waiting {
  if (!pendingSince) return waiting;
  const known = waiting.oldestReceivedAt;
  const oldest = known && Date.parse(known) <= Date.parse(pendingSince) ? known : pendingSince;
  return { count: Math.max(waiting.count, 1), oldestReceivedAt: oldest };
}

/**
 * Logs the alert and posts it; answers whether it went out (no webhook set counts as done: the
 * log line is all there is). A failed post is logged only when `sayFailure`.
 */
async function alert(
  deps: IncidentDeps,
  url: string | undefined,
  message: AlertMessage,
  details: string,
  sayFailure = true,
): Promise<boolean> {
  const log = deps.log ?? console.error;
  log(`[enquiry-alert] ${message.urgent ? 'incident started' : 'incident over'}: ${details}`);
  if (!url) return true;
  const posted = await (deps.post ?? postAlert)(url, message);
  if (!posted.ok && sayFailure) {
    log(
      `[enquiry-alert] ALERT_WEBHOOK_URL did not take the alert (${posted.code}); tried again on the next runs`,
    );
  }
  return posted.ok;
}

/** Saves how the opening alert went, over the incident it was sent for (never over a newer one). */
async function settleAlert(
  deps: IncidentDeps,
  sentFor: Incident & { tries?: number },
  sent: boolean,
): Promise<void> {
  const alertState = sent ? ({ state: 'sent' } as const) : ({ state: 'failed' } as const);
  await saveWatchWith(deps.store, ({ state }) =>
    state.incident?.openedAt === sentFor.openedAt
      ? { state: { ...state, incident: { ...state.incident, alert: alertState } }, value: true }
      : undefined,
  );
}
