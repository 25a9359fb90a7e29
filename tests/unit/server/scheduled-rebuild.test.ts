/**
 * `npm start`'s scheduled publishing under a fake clock (vitest's timers and system time): a build
 * shortly after midnight (UK time) on a day an entry goes live, and only then; a failure logged,
 * the served build kept, and tried again later; a clock that jumps past midnight caught up with.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { startScheduledRebuild, type BuildOutcome } from '#server/scheduled-rebuild.ts';
import { isoDay } from '#src/lib/shared/dates.ts';

const minute = 60_000;
/** 23:58 in London on a winter night (UTC+0) and on a summer one (UTC+1, 22:58 UTC). */
const winterEve = Date.parse('2026-12-07T23:58:00Z');
const summerEve = Date.parse('2026-07-14T22:58:00Z');
const dayAfter = (at: number) => isoDay(new Date(at + 10 * minute));

function start(dueDays: string[], outcomes: BuildOutcome[] = [{ ok: true }]) {
  const build = vi.fn((_day: string) => Promise.resolve<BuildOutcome>(outcomes.shift() ?? { ok: true }));
  const log = vi.fn();
  const warn = vi.fn();
  const rebuilds = startScheduledRebuild({
    now: () => Date.now(),
    builtAt: Date.now(),
    dueDays: () => dueDays,
    build,
    log,
    warn,
  });
  return { build, log, warn, rebuilds };
}

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe('the scheduled rebuild', () => {
  for (const [season, eve] of [
    ['winter', winterEve],
    ['summer', summerEve],
  ] as const) {
    it(`builds once within two minutes of midnight in London on a due day (${season})`, async () => {
      vi.setSystemTime(eve);
      const { build, rebuilds } = start([dayAfter(eve)]);
      await vi.advanceTimersByTimeAsync(minute);
      expect(build).not.toHaveBeenCalled();
      await vi.advanceTimersByTimeAsync(3 * minute);
      expect(build).toHaveBeenCalledTimes(1);
      // Told the day it publishes for, whatever the build's own clock says.
      expect(build).toHaveBeenCalledWith(dayAfter(eve));
      await vi.advanceTimersByTimeAsync(24 * 60 * minute);
      expect(build).toHaveBeenCalledTimes(1);
      rebuilds.stop();
    });
  }

  it('builds nothing at midnight when no entry is due that day', async () => {
    vi.setSystemTime(winterEve);
    const { build, rebuilds } = start(['2026-12-10', '2026-12-05']);
    await vi.advanceTimersByTimeAsync(2 * 24 * 60 * minute - 10 * minute);
    expect(build).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(20 * minute);
    expect(build).toHaveBeenCalledTimes(1);
    rebuilds.stop();
  });

  it('keeps the served build and logs why when the build fails, then tries again an hour later', async () => {
    vi.setSystemTime(winterEve);
    const reason = 'astro build exited with 1:\nsrc/content/blog/new.md: the cover is missing';
    const { build, warn, rebuilds } = start([dayAfter(winterEve)], [{ ok: false, reason }, { ok: true }]);
    await vi.advanceTimersByTimeAsync(5 * minute);
    expect(build).toHaveBeenCalledTimes(1);
    expect(warn).toHaveBeenCalledWith(expect.stringContaining(reason));
    await vi.advanceTimersByTimeAsync(30 * minute);
    expect(build).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(40 * minute);
    expect(build).toHaveBeenCalledTimes(2);
    await vi.advanceTimersByTimeAsync(5 * 60 * minute);
    expect(build).toHaveBeenCalledTimes(2);
    rebuilds.stop();
  });

  it('catches up with a clock that jumps past midnight, at its next check', async () => {
    vi.setSystemTime(winterEve);
    const { build, rebuilds } = start([dayAfter(winterEve)]);
    await vi.advanceTimersByTimeAsync(minute);
    vi.setSystemTime(winterEve + 6 * 60 * minute);
    await vi.advanceTimersByTimeAsync(minute);
    expect(build).toHaveBeenCalledTimes(1);
    rebuilds.stop();
  });

  it('builds at once when the served build is older than an entry already due', async () => {
    vi.setSystemTime(winterEve);
    const build = vi.fn(() => Promise.resolve<BuildOutcome>({ ok: true }));
    const rebuilds = startScheduledRebuild({
      now: () => Date.now(),
      builtAt: winterEve - 3 * 24 * 60 * minute,
      dueDays: () => [isoDay(new Date(winterEve - 24 * 60 * minute))],
      build,
      log: () => {},
      warn: () => {},
    });
    await vi.advanceTimersByTimeAsync(0);
    expect(build).toHaveBeenCalledTimes(1);
    rebuilds.stop();
  });

  it('logs a check that throws and keeps checking', async () => {
    vi.setSystemTime(winterEve);
    const warn = vi.fn();
    let readable = false;
    const build = vi.fn((_day: string) => Promise.resolve<BuildOutcome>({ ok: true }));
    const rebuilds = startScheduledRebuild({
      now: () => Date.now(),
      builtAt: Date.now(),
      dueDays: () => {
        if (!readable) throw new Error('EACCES: src/content/blog');
        return [dayAfter(winterEve)];
      },
      build,
      log: () => {},
      warn,
    });
    await vi.advanceTimersByTimeAsync(5 * minute);
    expect(warn).toHaveBeenCalledWith(expect.stringContaining('EACCES'));
    readable = true;
    await vi.advanceTimersByTimeAsync(minute);
    expect(build).toHaveBeenCalledTimes(1);
    rebuilds.stop();
  });

  it('stops checking once stopped', async () => {
    vi.setSystemTime(winterEve);
    const { build, rebuilds } = start([dayAfter(winterEve)]);
    rebuilds.stop();
    await vi.advanceTimersByTimeAsync(10 * minute);
    expect(build).not.toHaveBeenCalled();
  });
});
