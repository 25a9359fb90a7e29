/** `--busy`'s spinner really takes a core while it runs, and is gone once stopped. */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { busyCore } from '#scripts/bench/busy-core.ts';

const cpuSeconds = (pid: number) => {
  // utime + stime, in clock ticks (100 a second on Linux), from /proc.
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? [];
  return (Number(fields[11]) + Number(fields[12])) / 100;
};

describe('the busy core', () => {
  it('spins until stopped', async () => {
    const busy = busyCore();
    const pid = busy.pid ?? 0;
    try {
      expect(pid).toBeGreaterThan(0);
      // A spinner takes CPU time as fast as the machine gives it: on a loaded machine, more slowly.
      await expect.poll(() => cpuSeconds(pid), { timeout: 20_000 }).toBeGreaterThan(0.1);
    } finally {
      // Stopped even when the check fails: a spinner left behind slows every test after it.
      busy.stop();
    }
    await expect
      .poll(() => {
        try {
          process.kill(pid, 0);
          return 'running';
        } catch {
          return 'gone';
        }
      })
      .toBe('gone');
  });
});
