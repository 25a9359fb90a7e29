import { describe, expect, it } from 'vitest';
import { formatPrice, lowestPrice } from '@/lib/build-time/content/price';

describe('formatPrice', () => {
  it('writes whole pounds the en-GB way, with no pence', () => {
    expect(formatPrice(249, 'en-GB')).toBe('£249');
    expect(formatPrice(1500, 'en-GB')).toBe('£1,500');
    expect(formatPrice(10000, 'en-GB')).toBe('£10,000');
  });

  it('shows pence only when there are any', () => {
    expect(formatPrice(99.5, 'en-GB')).toBe('£99.50');
    expect(formatPrice(12.34, 'en-GB')).toBe('£12.34');
  });

  it('refuses prices that cannot be right', () => {
    expect(() => formatPrice(-1, 'en-GB')).toThrow(RangeError);
    expect(() => formatPrice(Number.NaN, 'en-GB')).toThrow(RangeError);
  });
});

describe('lowestPrice', () => {
  it('returns the smallest price', () => {
    expect(lowestPrice([999, 400, 1500])).toBe(400);
  });

  it('needs at least one price', () => {
    expect(() => lowestPrice([])).toThrow();
  });
});
