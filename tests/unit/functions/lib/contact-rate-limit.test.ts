/** Which client the contact function's rate limit counts. */
import { describe, expect, it } from 'vitest';
import { clientIp } from '../../../../functions/lib/contact-rate-limit.ts';

const request = (headers: Record<string, string> = {}, url = 'https://www.agency.example/api/x') =>
  new Request(url, { method: 'POST', headers });

describe('clientIp', () => {
  it('prefers the context, then Netlify’s header, and never reads X-Forwarded-For', () => {
    const headers = { 'x-nf-client-connection-ip': '192.0.2.2', 'x-forwarded-for': '192.0.2.3, 10.0.0.1' };
    expect(clientIp(request(headers), { ip: '192.0.2.1' })).toBe('192.0.2.1');
    expect(clientIp(request(headers))).toBe('192.0.2.2');
    expect(clientIp(request({ 'x-forwarded-for': ' 192.0.2.3 , 10.0.0.1' }))).toBe('unknown');
    expect(clientIp(request(), {})).toBe('unknown');
  });

  it('keys one address by one text, and IPv6 by its /64', () => {
    for (const ip of ['192.0.2.1', '::ffff:192.0.2.1', '::FFFF:C000:201', '0:0:0:0:0:ffff:192.0.2.1']) {
      expect(clientIp(request(), { ip })).toBe('192.0.2.1');
    }
    for (const ip of ['2001:db8:1:2::1', '2001:0DB8:0001:0002:ffff:ffff:ffff:ffff', '2001:db8:1:2::a%eth0']) {
      expect(clientIp(request(), { ip })).toBe('2001:db8:1:2::/64');
    }
    expect(clientIp(request(), { ip: '2001:db8:1:3::1' })).toBe('2001:db8:1:3::/64');
    expect(clientIp(request(), { ip: 'not-an-address' })).toBe('unknown');
  });
});
