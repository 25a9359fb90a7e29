import { describe, expect, it } from 'vitest';
import { canonicalIp, isOwnNetwork, rateLimitKey, rightmostUntrusted } from '@/lib/shared/ip-address';

describe('canonicalIp', () => {
  it('gives one text per address', () => {
    expect(canonicalIp(' 192.0.2.1 ')).toBe('192.0.2.1');
    const spellings: Record<string, string[]> = {
      '192.0.2.1': ['::ffff:192.0.2.1', '::FFFF:C000:0201', '0:0:0:0:0:ffff:c000:201', '[::ffff:192.0.2.1]'],
      '2001:db8::1': [
        '2001:DB8::1',
        '2001:0db8:0000:0000:0000:0000:0000:0001',
        '2001:db8:0:0::1',
        '2001:db8::1%eth0',
      ],
    };
    for (const [canonical, texts] of Object.entries(spellings)) {
      for (const text of texts) expect(canonicalIp(text), text).toBe(canonical);
    }
    expect(canonicalIp('2001:db8:0:1:0:0:1:1')).toBe('2001:db8:0:1::1:1');
    expect(canonicalIp('1:0:0:2:0:0:0:3')).toBe('1:0:0:2::3');
    expect(canonicalIp('::')).toBe('::');
  });

  it('refuses anything that is not an address', () => {
    for (const text of [
      undefined,
      '',
      'localhost',
      '1.2.3',
      '256.1.1.1',
      '2001:db8::1::2',
      '1.2.3.4, 5.6.7.8',
    ])
      expect(canonicalIp(text), String(text)).toBeUndefined();
  });
});

describe('rateLimitKey', () => {
  it('keys IPv4 by address and IPv6 by its /64', () => {
    expect(rateLimitKey('::ffff:198.51.100.7')).toBe('198.51.100.7');
    expect(rateLimitKey('2001:db8:aa:bb:1:2:3:4')).toBe('2001:db8:aa:bb::/64');
    expect(rateLimitKey('2001:db8:aa:bb::')).toBe('2001:db8:aa:bb::/64');
    expect(rateLimitKey('2001:db8:aa:bc::1')).toBe('2001:db8:aa:bc::/64');
    expect(rateLimitKey('garbage')).toBe('unknown');
  });
});

describe('proxy hops', () => {
  it('trusts loopback, private and link-local networks only', () => {
    for (const ip of [
      '127.0.0.1',
      '10.1.2.3',
      '172.16.0.1',
      '172.31.255.255',
      '192.168.0.1',
      '::1',
      'fd00::1',
      'fe80::1',
    ])
      expect(isOwnNetwork(ip), ip).toBe(true);
    for (const ip of ['203.0.113.7', '172.32.0.1', '2001:db8::1', 'nonsense'])
      expect(isOwnNetwork(ip), ip).toBe(false);
  });

  it('finds the rightmost entry that is not one of our hops', () => {
    expect(rightmostUntrusted('127.0.0.1', 'spoofed, 203.0.113.7, 10.0.0.2')).toBe('203.0.113.7');
    expect(rightmostUntrusted('203.0.113.9', '198.51.100.1')).toBe('203.0.113.9');
    expect(rightmostUntrusted('::ffff:127.0.0.1', '2001:DB8::7')).toBe('2001:db8::7');
  });
});
