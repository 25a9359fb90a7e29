/**
 * An in-memory sliding-window rate limiter: at most `limit` hits per key within `windowMs`.
 * Per instance only (one server process or one warm function instance); Netlify's own rate limit
 * in the function config covers the deployed site as a whole.
 */

export interface SlidingWindowLimiterOptions {
  limit: number;
  windowMs: number;
  /** Past this many tracked keys, expired ones are swept so memory stays bounded. */
  sweepAbove?: number;
}

export type LimiterVerdict = { allowed: true } | { allowed: false; retryAfterSeconds: number };

export interface SlidingWindowLimiter {
  /** Whether the key is already at its limit, without counting a hit. */
  check(key: string, nowMs: number): LimiterVerdict;
  /** Counts a hit if the key is under its limit: check and record in one synchronous step. */
  consume(key: string, nowMs: number): LimiterVerdict;
  reset(): void;
}

export function createSlidingWindowLimiter({
  limit,
  windowMs,
  sweepAbove = 10_000,
}: SlidingWindowLimiterOptions): SlidingWindowLimiter {
  const hits = new Map<string, number[]>();

  function recentHits(key: string, nowMs: number): number[] {
    const recent = (hits.get(key) ?? []).filter((time) => time > nowMs - windowMs);
    if (recent.length > 0) hits.set(key, recent);
    else hits.delete(key);
    return recent;
  }

  function verdict(recent: number[], nowMs: number): LimiterVerdict {
    if (recent.length < limit) return { allowed: true };
    const oldest = recent[recent.length - limit] ?? nowMs;
    return { allowed: false, retryAfterSeconds: Math.max(1, Math.ceil((oldest + windowMs - nowMs) / 1000)) };
  }

  function sweep(nowMs: number): void {
    for (const key of [...hits.keys()]) recentHits(key, nowMs);
  }

  return {
    check(key, nowMs) {
      return verdict(recentHits(key, nowMs), nowMs);
    },
    consume(key, nowMs) {
      if (hits.size > sweepAbove) sweep(nowMs);
      const recent = recentHits(key, nowMs);
      const result = verdict(recent, nowMs);
      if (result.allowed) hits.set(key, [...recent, nowMs]);
      return result;
    },
    reset() {
      hits.clear();
    },
  };
}
