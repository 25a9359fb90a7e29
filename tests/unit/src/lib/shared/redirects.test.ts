import { describe, expect, it } from 'vitest';
import { netlifyRedirects, redirectPage, redirectTarget, redirects } from '@/lib/shared/redirects';
import { specRedirectPairs } from '../../../../support/redirects.ts';

describe('redirects', () => {
  it('send each legacy path of the spec to its page, with or without the trailing slash', () => {
    for (const [from, to] of specRedirectPairs) {
      expect(redirectTarget(from), from).toBe(to);
      expect(redirectTarget(`${from}/`), `${from}/`).toBe(to);
    }
  });

  it('hold no legacy path the spec does not list', () => {
    expect(Object.keys(redirects).sort()).toEqual(specRedirectPairs.map(([from]) => from).sort());
  });

  it('leave every other path alone', () => {
    expect(redirectTarget('/services/shopify')).toBeUndefined();
    expect(redirectTarget('/services/constructor')).toBeUndefined();
    expect(redirectTarget('/')).toBeUndefined();
  });

  it('write forced 301 rules for both slash forms for Netlify', () => {
    const lines = netlifyRedirects().trim().split('\n');
    expect(lines).toHaveLength(2 * specRedirectPairs.length);
    for (const [from, to] of specRedirectPairs) {
      expect(lines).toContain(`${from} ${to} 301!`);
      expect(lines).toContain(`${from}/ ${to} 301!`);
    }
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
