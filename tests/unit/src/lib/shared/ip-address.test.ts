import { describe, expect, it } from 'vitest';
import { canonicalIp, forwardedAddress, ipv6Network, rateLimitKey } from '@/lib/shared/ip-address';

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

describe('ipv6Network', () => {
  it('gives the network of an IPv6 address, none for IPv4 or anything else', () => {
    expect(ipv6Network('2001:DB8:aa:bb:1:2:3:4', 48)).toBe('2001:db8:aa::/48');
    expect(ipv6Network('2001:db8:aaff:bbcc::1', 40)).toBe('2001:db8:aa00::/40');
    expect(ipv6Network('2001:db8:aa:bb::1', 64)).toBe('2001:db8:aa:bb::/64');
    for (const text of ['192.0.2.1', '::ffff:192.0.2.1', 'garbage', undefined]) {
      expect(ipv6Network(text, 48), String(text)).toBeUndefined();
    }
  });
});

describe('forwardedAddress', () => {
  it('reads an address as a proxy writes it, with or without a port', () => {
    const forms: Record<string, string[]> = {
      '203.0.113.5': ['203.0.113.5', ' 203.0.113.5:4444 ', '::ffff:203.0.113.5', '[::ffff:203.0.113.5]:80'],
      '2001:db8::1': ['2001:db8::1', '[2001:db8::1]', '[2001:DB8::1]:443', '[2001:db8::1%eth0]:443'],
      // A bare IPv6 address ends in a group, never a port.
      '2001:db8::4444': ['2001:db8::4444'],
    };
    for (const [address, entries] of Object.entries(forms)) {
      for (const entry of entries) expect(forwardedAddress(entry), entry).toBe(address);
    }
  });

  it('refuses anything else', () => {
    for (const entry of [
      '',
      'unknown',
      '203.0.113.5:',
      '203.0.113.5:port',
      '203.0.113.5:4444:1',
      '[203.0.113.5]:80',
      '[2001:db8::1]:',
      '[2001:db8::1',
      '2001:db8::1]:443',
      'example.com:443',
    ])
      expect(forwardedAddress(entry), entry).toBeUndefined();
  });
});
