import type { SiteSettings } from '#src/lib/build-time/structured-data/structured-data.ts';

/** Site settings unlike the real ones, so a test can tell a value came from them. */
export const settings: SiteSettings = {
  brand: 'Northlight',
  tagline: 'Stores that sell',
  url: 'https://studio.example',
  email: 'team@studio.example',
  bookingUrl: 'https://calendar.example/northlight/intro',
  locale: 'en-GB',
};
