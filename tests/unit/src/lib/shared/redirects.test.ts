import { describe, expect, it } from 'vitest';
import { netlifyRedirects, parseRedirectsFile, redirectPage, redirectTarget } from '@/lib/shared/redirects';

const table = { '/blog/old-name': '/blog/new-name', '/services/bpo': '/services/admin-appointment' };

describe('redirects', () => {
  it('send each old address to its page, with or without the trailing slash', () => {
    for (const [from, to] of Object.entries(table)) {
      expect(redirectTarget(table, from), from).toBe(to);
      expect(redirectTarget(table, `${from}/`), `${from}/`).toBe(to);
    }
  });

  it('leave every other path alone', () => {
    expect(redirectTarget(table, '/blog/new-name')).toBeUndefined();
    expect(redirectTarget(table, '/')).toBeUndefined();
    expect(redirectTarget(table, '/constructor')).toBeUndefined();
  });

  it('write forced 301 rules for both slash forms for Netlify', () => {
    const lines = netlifyRedirects(table).trim().split('\n');
    expect(lines).toHaveLength(2 * Object.keys(table).length);
    for (const [from, to] of Object.entries(table)) {
      expect(lines).toContain(`${from} ${to} 301!`);
      expect(lines).toContain(`${from}/ ${to} 301!`);
    }
  });

  it('read back from the written file exactly what was written, and no other kind of rule', () => {
    expect(parseRedirectsFile(netlifyRedirects(table))).toEqual(table);
    const others = '# a comment\n/a /b 302\n/c /d 200!\n/e /f 301 Country=gb\n\n';
    expect(parseRedirectsFile(others + netlifyRedirects(table))).toEqual(table);
  });

  it('write a fallback page that replaces the history entry and works without JavaScript', () => {
    const html = redirectPage('/services/content', 'https://www.agency.example/services/content', 'en-GB');
    expect(html).toContain('<html lang="en-GB">');
    expect(html).toContain('<meta name="robots" content="noindex">');
    expect(html).toContain('<meta http-equiv="refresh" content="0; url=/services/content">');
    expect(html).toContain('<script>location.replace("/services/content")</script>');
    expect(html).toContain('<a href="/services/content">');
    expect(html).toContain('<link rel="canonical" href="https://www.agency.example/services/content">');
  });
});
