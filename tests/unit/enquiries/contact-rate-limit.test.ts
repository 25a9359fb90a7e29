/** Which client the contact function's rate limit counts. */
import { describe, expect, it } from 'vitest';
import { clientIp } from '#enquiries/contact-rate-limit.ts';

describe('clientIp', () => {
  it('keys on context.ip alone, never on a header a visitor can write', () => {
    expect(clientIp({ ip: '192.0.2.1' })).toBe('192.0.2.1');
    expect(clientIp({ ip: ' 192.0.2.1 ' })).toBe('192.0.2.1');
  });

  it('puts every request without a usable context.ip in one shared bucket', () => {
    expect(clientIp()).toBe('unknown');
    expect(clientIp({})).toBe('unknown');
    expect(clientIp({ ip: '' })).toBe('unknown');
  });

  it('keys one address by one text, and IPv6 by its /64', () => {
    for (const ip of ['192.0.2.1', '::ffff:192.0.2.1', '::FFFF:C000:201', '0:0:0:0:0:ffff:192.0.2.1']) {
      expect(clientIp({ ip })).toBe('192.0.2.1');
    }
    for (const ip of ['2001:db8:1:2::1', '2001:0DB8:0001:0002:ffff:ffff:ffff:ffff', '2001:db8:1:2::a%eth0']) {
      expect(clientIp({ ip })).toBe('2001:db8:1:2::/64');
    }
    expect(clientIp({ ip: '2001:db8:1:3::1' })).toBe('2001:db8:1:3::/64');
    expect(clientIp({ ip: 'not-an-address' })).toBe('unknown');
  });
});
