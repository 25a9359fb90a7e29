/** The site's identity from the environment: placeholders by default, and no silent typo. */
import { describe, expect, it } from 'vitest';
import { siteSettings } from '@/site.config';

const siteOrigin = (env: Record<string, string>) => siteSettings(env).url;

describe('siteSettings', () => {
  it('defaults to placeholders on reserved domains', () => {
    expect(siteSettings({})).toMatchObject({
      brand: 'Scaleworks',
      email: 'hello@agency.example',
      bookingUrl: 'https://booking.example/agency/30min',
      url: 'https://www.agency.example',
    });
  });

  it('takes each setting from its variable, trimmed', () => {
    expect(
      siteSettings({
        PUBLIC_BRAND_NAME: ' Northwind ',
        PUBLIC_CONTACT_EMAIL: 'hello@northwind.co.uk',
        PUBLIC_BOOKING_URL: 'https://cal.example/northwind/30min',
        SITE_URL: 'https://www.northwind.co.uk/',
      }),
    ).toMatchObject({
      brand: 'Northwind',
      email: 'hello@northwind.co.uk',
      bookingUrl: 'https://cal.example/northwind/30min',
      url: 'https://www.northwind.co.uk',
    });
  });

  it('stops with every malformed value named, and what it should look like', () => {
    const settings = () =>
      siteSettings({
        SITE_URL: 'www.northwind.co.uk',
        PUBLIC_CONTACT_EMAIL: 'hello at northwind',
        PUBLIC_BOOKING_URL: '/book',
        URL: 'https://northwind.netlify.app',
      });
    expect(settings).toThrow(
      [
        'Invalid site settings (src/site.config.ts):',
        '- PUBLIC_CONTACT_EMAIL must be an email address, like hello@agency.co.uk, got "hello at northwind"',
        '- PUBLIC_BOOKING_URL must be an absolute http(s) address, like https://www.agency.co.uk, got "/book"',
        '- SITE_URL must be an absolute http(s) address, like https://www.agency.co.uk, got "www.northwind.co.uk"',
      ].join('\n'),
    );
    expect(() => siteSettings({ SITE_URL: 'ftp://www.northwind.co.uk' })).toThrow(/SITE_URL must be/);
  });
});

describe('the site origin', () => {
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
