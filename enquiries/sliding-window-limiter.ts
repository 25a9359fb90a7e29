/**
 * An in-memory sliding-window rate limiter: at most `limit` hits per key within `windowMs`.
 * Per instance only (one server process or one warm function instance); Netlify's own rate limit
 * in the function config covers the deployed site as a whole.
 *
 * Constant work per call whatever the number of keys: each key keeps at most `limit` times, and
 * the map is ordered by last hit (a hit moves its key to the end), so expired keys sit at the
 * front and each call drops at most a couple of them.
 */

interface SlidingWindowLimiterOptions {
  limit: number;
  windowMs: number;
  /** The map of key to hit times; tests pass an instrumented one to count the work done. */
  store?: Map<string, number[]>;
}

type LimiterVerdict = { allowed: true } | { allowed: false; retryAfterSeconds: number };

export interface SlidingWindowLimiter {
  /** Whether the key is already at its limit, without counting a hit. */
  check(key: string, nowMs: number): LimiterVerdict;
  /** Counts a hit if the key is under its limit: check and record in one synchronous step. */
  consume(key: string, nowMs: number): LimiterVerdict;
  /** Gives back the key's latest hit: the request it counted could not be accepted at all. */
  release(key: string): void;
}

/** Expired keys dropped per call: more than one, so the map shrinks faster than it grows. */
const evictionsPerCall = 2;

export function createSlidingWindowLimiter({
  limit,
  windowMs,
  store = new Map<string, number[]>(),
}: SlidingWindowLimiterOptions): SlidingWindowLimiter {
  const hits = store;

  function evictExpired(nowMs: number): void {
    for (let n = 0; n < evictionsPerCall; n += 1) {
      const oldest = hits.keys().next();
      if (oldest.done) return;
      const times = hits.get(oldest.value) ?? [];
      if ((times.at(-1) ?? 0) > nowMs - windowMs) return;
      hits.delete(oldest.value);
    }
  }

  function recentHits(key: string, nowMs: number): number[] {
    return (hits.get(key) ?? []).filter((time) => time > nowMs - windowMs);
  }

  function verdict(recent: number[], nowMs: number): LimiterVerdict {
    if (recent.length < limit) return { allowed: true };
    const oldest = recent[recent.length - limit] ?? nowMs;
    return { allowed: false, retryAfterSeconds: Math.max(1, Math.ceil((oldest + windowMs - nowMs) / 1000)) };
  }

  return {
    check(key, nowMs) {
      evictExpired(nowMs);
      return verdict(recentHits(key, nowMs), nowMs);
    },
    consume(key, nowMs) {
      evictExpired(nowMs);
      const recent = recentHits(key, nowMs);
      const result = verdict(recent, nowMs);
      if (result.allowed) {
        // Delete first so the key moves to the end: the map stays ordered by last hit.
        hits.delete(key);
        hits.set(key, [...recent, nowMs].slice(-limit));
      }
      return result;
    },
    release(key) {
      const times = hits.get(key);
      if (!times) return;
      if (times.length > 1) hits.set(key, times.slice(0, -1));
      else hits.delete(key);
    },
  };
}
