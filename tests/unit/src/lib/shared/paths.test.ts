import { describe, expect, it } from 'vitest';
import { withoutTrailingSlash } from '@/lib/shared/paths';

describe('site paths', () => {
  it.each([
    ['/', '/'],
    ['/about', '/about'],
    ['/about/', '/about'],
    ['/services/shopify//', '/services/shopify'],
    ['//', '/'],
    ['', ''],
  ])('%s without its trailing slash is %s', (path, expected) => {
    expect(withoutTrailingSlash(path)).toBe(expected);
  });
});
