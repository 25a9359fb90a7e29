/** The sliding window behind the contact function's rate limit. */
import { describe, expect, it } from 'vitest';
import { createSlidingWindowLimiter } from '#enquiries/sliding-window-limiter.ts';

describe('createSlidingWindowLimiter', () => {
  it('allows `limit` hits per window, then gives the seconds until the oldest one leaves', () => {
    const limiter = createSlidingWindowLimiter({ limit: 2, windowMs: 10_000 });
    expect(limiter.consume('a', 0)).toEqual({ allowed: true });
    expect(limiter.consume('a', 4_000)).toEqual({ allowed: true });
    expect(limiter.check('a', 4_500)).toEqual({ allowed: false, retryAfterSeconds: 6 });
    expect(limiter.consume('a', 4_500)).toEqual({ allowed: false, retryAfterSeconds: 6 });
    expect(limiter.consume('b', 4_500)).toEqual({ allowed: true });
    expect(limiter.consume('a', 10_001)).toEqual({ allowed: true });
    expect(limiter.consume('a', 10_002)).toEqual({ allowed: false, retryAfterSeconds: 4 });
  });

  it('does not count refused hits', () => {
    const limiter = createSlidingWindowLimiter({ limit: 1, windowMs: 1000 });
    limiter.consume('a', 0);
    for (let t = 1; t < 1000; t += 100) expect(limiter.consume('a', t).allowed).toBe(false);
    expect(limiter.consume('a', 1000).allowed).toBe(true);
  });

  it('drops expired keys as it goes, so memory follows the visitors of the last window', () => {
    const store = new Map<string, number[]>();
    const limiter = createSlidingWindowLimiter({ limit: 1, windowMs: 1000, store });
    for (const key of ['a', 'b', 'c', 'd']) limiter.consume(key, 0);
    limiter.consume('e', 5000);
    limiter.consume('f', 5000);
    expect([...store.keys()]).toEqual(['e', 'f']);
    expect(limiter.consume('a', 5000).allowed).toBe(true);
  });

  it('gives a slot back on release, the latest one only', () => {
    const limiter = createSlidingWindowLimiter({ limit: 2, windowMs: 10_000 });
    limiter.consume('a', 0);
    limiter.consume('a', 1);
    expect(limiter.check('a', 2).allowed).toBe(false);
    limiter.release('a');
    expect(limiter.consume('a', 3).allowed).toBe(true);
    expect(limiter.consume('a', 4).allowed).toBe(false);
    limiter.release('nobody');
    limiter.release('a');
    limiter.release('a');
    limiter.release('a');
    expect(limiter.consume('a', 5).allowed).toBe(true);
  });

  it('does the same small work per request with 100,000 keys as with 100', () => {
    /** Reads and writes of the store during one `consume`, with `keys` live keys already in it. */
    function workForOneRequest(keys: number): number {
      let work = 0;
      class CountingMap extends Map<string, number[]> {
        override get(key: string) {
          work += 1;
          return super.get(key);
        }
        override set(key: string, value: number[]) {
          work += 1;
          return super.set(key, value);
        }
        override delete(key: string) {
          work += 1;
          return super.delete(key);
        }
        override keys() {
          const inner = super.keys();
          return Object.assign(inner, {
            next: () => {
              work += 1;
              return Map.prototype.keys.call(this).next();
            },
          });
        }
      }
      const store = new CountingMap();
      const limiter = createSlidingWindowLimiter({ limit: 5, windowMs: 600_000, store });
      for (let n = 0; n < keys; n += 1) limiter.consume(`10.${n >> 16}.${(n >> 8) & 255}.${n & 255}`, n);
      expect(store.size).toBe(keys);
      work = 0;
      limiter.check('203.0.113.1', keys);
      limiter.consume('203.0.113.1', keys);
      return work;
    }
    const small = workForOneRequest(100);
    expect(workForOneRequest(100_000)).toBe(small);
    expect(small).toBeLessThan(10);
  });
});
