import { describe, expect, it } from 'vitest';
import { siteSettings } from '../../src/site.config.ts';

const siteOrigin = (env: Record<string, string>) => siteSettings(env).url;

describe('siteOrigin', () => {
  it('takes SITE_URL, else the URL Netlify sets during its builds, else the placeholder', () => {
    expect(siteOrigin({ SITE_URL: 'https://www.agency.co.uk/path/', URL: 'https://x.netlify.app' })).toBe(
      'https://www.agency.co.uk',
    );
    expect(siteOrigin({ URL: 'https://agency-site.netlify.app' })).toBe('https://agency-site.netlify.app');
    expect(siteOrigin({ SITE_URL: ' ', URL: 'https://agency-site.netlify.app/' })).toBe(
      'https://agency-site.netlify.app',
    );
    expect(siteOrigin({})).toBe('https://www.agency.example');
  });

  it('ignores a URL variable that is not a web address', () => {
    expect(siteOrigin({ URL: 'not a url' })).toBe('https://www.agency.example');
    expect(siteOrigin({ URL: 'file:///tmp/x' })).toBe('https://www.agency.example');
  });
});
