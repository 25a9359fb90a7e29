/**
 * `npm start`'s (and `npm run dev`'s) stand-in for Netlify's scheduler: runs the retry job at
 * start-up and every minute, never two runs at once. `stop` ends the schedule and answers once the
 * run in progress, if any, has finished.
 */

const retryEveryMs = 60_000;

export function scheduleRetries(run: () => Promise<unknown>): { stop(): Promise<void> } {
  let running: Promise<void> | undefined;
  const tick = () => {
    running ??= run()
      .then(
        () => undefined,
        (error: unknown) => console.error('The enquiry retry job failed:', error),
      )
      .finally(() => (running = undefined));
  };
  tick();
  const timer = setInterval(tick, retryEveryMs);
  timer.unref();
  return {
    async stop() {
      clearInterval(timer);
      await running;
    },
  };
}
