/**
 * `npm start`'s scheduled publishing: shortly after midnight (UK time) on a day a scheduled post or
 * case study goes live, the site is built again, into a fresh folder beside the one being served,
 * and swapped in only once that build is complete; until then, and for good if it fails, the
 * current build keeps being served, and the failure is logged with the build's last lines. No day
 * due, no build. The clock is read at each check, once a minute, so a clock that jumps (a
 * suspended machine, a changed time) is caught up with at the next check rather than missed.
 */
import { spawn } from 'node:child_process';
import { existsSync, renameSync, rmSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import { isoDay } from '../src/lib/shared/dates.ts';
import { fellDueSince } from '../src/lib/shared/scheduled-days.ts';

export type BuildOutcome = { ok: true } | { ok: false; reason: string };

interface Timers {
  setInterval: (run: () => void, ms: number) => unknown;
  clearInterval: (handle: never) => void;
}

export interface ScheduledRebuildOptions {
  /** The clock, in milliseconds (Date.now). */
  now: () => number;
  /** When the build being served was made: its UK day is the last one it holds. */
  builtAt: number;
  /** The UK days scheduled entries go live (src/lib/shared/scheduled-days.ts). */
  dueDays: () => readonly string[];
  /** Builds the site as of the UK day given and swaps it in; the served build is untouched unless it says ok. */
  build: (day: string) => Promise<BuildOutcome>;
  log: (line: string) => void;
  warn: (line: string) => void;
  /** How often the day is checked. Default: every minute. */
  checkEveryMs?: number;
  /** How long after a failed build the next attempt waits. Default: an hour. */
  retryAfterMs?: number;
  timers?: Timers;
}

/** Starts checking; `stop()` ends it (a build under way still finishes and swaps in). */
export function startScheduledRebuild({
  now,
  builtAt,
  dueDays,
  build,
  log,
  warn,
  checkEveryMs = 60_000,
  retryAfterMs = 3_600_000,
  timers = globalThis,
}: ScheduledRebuildOptions): { stop(): void } {
  // The served build holds the entries due on or before its own day, and before now's, whichever is
  // earlier (a build copied from a machine whose clock is ahead must not hide today's entry).
  let builtDay = [isoDay(new Date(builtAt)), isoDay(new Date(now()))].sort()[0]!;
  let building = false;
  let failedAt: number | undefined;

  async function check() {
    const today = isoDay(new Date(now()));
    if (building || !fellDueSince(dueDays(), builtDay, today)) return;
    if (failedAt !== undefined && now() - failedAt < retryAfterMs) return;
    building = true;
    log(`A scheduled entry goes live today (${today}): building the site again…`);
    const outcome = await build(today).catch((error: unknown): BuildOutcome => ({
      ok: false,
      reason: String(error),
    }));
    building = false;
    if (outcome.ok) {
      builtDay = today;
      failedAt = undefined;
      log(`Serving the new build, with the entries due on ${today}.`);
    } else {
      failedAt = now();
      warn(
        `The scheduled rebuild failed; still serving the previous build, trying again in ` +
          `${Math.round(retryAfterMs / 60_000)} minutes. Why:\n${outcome.reason}`,
      );
    }
  }

  // A check that throws (the content folder unreadable) is logged; the server keeps serving.
  const run = () =>
    void check().catch((error: unknown) => warn(`The scheduled rebuild's check failed: ${String(error)}`));
  const handle = timers.setInterval(run, checkEveryMs);
  (handle as { unref?: () => void }).unref?.();
  run();
  return { stop: () => timers.clearInterval(handle as never) };
}

/** `next` in place of `served`, whose files are deleted once moved aside. */
function swap(next: string, served: string, previous: string) {
  rmSync(previous, { recursive: true, force: true });
  // Both renames in one turn of the event loop: no request is answered between them.
  const hadOne = existsSync(served);
  if (hadOne) renameSync(served, previous);
  try {
    renameSync(next, served);
  } catch (error) {
    if (hadOne) renameSync(previous, served);
    throw error;
  }
  // Answers already streaming from the old files keep them open until they end.
  void rm(previous, { recursive: true, force: true }).catch(() => undefined);
}

/** The last lines of a build's output: where Astro says what stopped it. */
const lastLines = (output: string, count = 20) => output.trimEnd().split('\n').slice(-count).join('\n');

/**
 * A build for `startScheduledRebuild`: `astro build` into `<served>.next`, told the day it publishes
 * for (`PUBLISH_DAY`, src/lib/shared/build-config.ts: this clock's day, should the build's own
 * lag), then, once it has succeeded, that folder renamed to the served one's name (the previous
 * build moved aside and deleted). A failed build leaves the served folder as it was.
 */
export function buildAndSwap({ astro, project, served }: { astro: string; project: string; served: string }) {
  return (day: string) =>
    new Promise<BuildOutcome>((resolve) => {
      const next = `${served}.next`;
      const previous = `${served}.previous`;
      // A rejection here becomes a failed build in startScheduledRebuild.
      rmSync(next, { recursive: true, force: true });
      let output = '';
      const child = spawn(process.execPath, [astro, 'build', '--outDir', next], {
        cwd: project,
        env: { ...process.env, PUBLISH_DAY: day },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
      child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
      child.on('error', (error) => resolve({ ok: false, reason: String(error) }));
      child.on('close', (status) => {
        if (status !== 0) {
          rmSync(next, { recursive: true, force: true });
          resolve({ ok: false, reason: `astro build exited with ${status}:\n${lastLines(output)}` });
          return;
        }
        try {
          swap(next, served, previous);
          resolve({ ok: true });
        } catch (error) {
          resolve({ ok: false, reason: `the new build could not replace the served one: ${String(error)}` });
        }
      });
    });
}
