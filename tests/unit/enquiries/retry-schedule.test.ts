/** `npm start`'s schedule for the retry job. */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { scheduleRetries } from '#enquiries/retry-schedule.ts';

// Every minute, as the scheduled function runs on Netlify.
const retryEveryMs = 60_000;

afterEach(() => {
  vi.useRealTimers();
});

describe("npm start's retry schedule", () => {
  it('runs the job at start-up and every minute, never two runs at once', async () => {
    vi.useFakeTimers();
    let finish = () => {};
    const run = vi.fn(() => new Promise<void>((resolve) => (finish = resolve)));
    const schedule = scheduleRetries(run);
    expect(run).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(retryEveryMs);
    expect(run).toHaveBeenCalledTimes(1); // the first run has not finished
    finish();
    await vi.advanceTimersByTimeAsync(retryEveryMs);
    expect(run).toHaveBeenCalledTimes(2);
    schedule.stop();
    finish();
    await vi.advanceTimersByTimeAsync(10 * retryEveryMs);
    expect(run).toHaveBeenCalledTimes(2);
  });
});
