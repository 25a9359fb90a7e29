/**
 * `npm start`'s (and `npm run dev`'s) stand-in for Netlify's scheduler: runs the retry function
 * at start-up and every minute, never two runs at once.
 */
import retryEnquiries from '../functions/retry-enquiries.mts';

const retryEveryMs = 60_000;

export function scheduleRetries(run: () => Promise<unknown> = retryEnquiries): { stop(): void } {
  let running = false;
  const tick = async () => {
    if (running) return;
    running = true;
    try {
      await run();
    } catch (error) {
      console.error('The enquiry retry job failed:', error);
    } finally {
      running = false;
    }
  };
  void tick();
  const timer = setInterval(() => void tick(), retryEveryMs);
  timer.unref();
  return { stop: () => clearInterval(timer) };
}
