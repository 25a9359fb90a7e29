import { describe, expect, it } from 'vitest';
import { acceptsEncoding } from '#server/accept-encoding.ts';

describe('acceptsEncoding', () => {
  it('takes a coding the browser names, in any case and with any weight above zero', () => {
    expect(acceptsEncoding('gzip, deflate, br, zstd', 'br')).toBe(true);
    expect(acceptsEncoding('GZIP', 'gzip')).toBe(true);
    expect(acceptsEncoding('br;q=0.1, gzip', 'br')).toBe(true);
  });

  it('refuses a coding not named, or named with a weight of zero', () => {
    expect(acceptsEncoding('', 'br')).toBe(false);
    expect(acceptsEncoding('gzip, deflate', 'br')).toBe(false);
    expect(acceptsEncoding('br;q=0, gzip', 'br')).toBe(false);
    expect(acceptsEncoding('identity', 'gzip')).toBe(false);
  });

  it('reads * as every coding not named', () => {
    expect(acceptsEncoding('*', 'br')).toBe(true);
    expect(acceptsEncoding('gzip, *;q=0', 'br')).toBe(false);
    expect(acceptsEncoding('*;q=0, br', 'br')).toBe(true);
  });
});
