/** Every page a visitor can land on, for sweeps across the whole site (headers, budgets, axe). */
import { indexableRoutes } from './site.ts';

export const sweepPages = [
  ...indexableRoutes.map((path) => ({ path, status: 200 })),
  { path: '/contact/sent', status: 200 },
  { path: '/contact/error', status: 200 },
  { path: '/no-such-page', status: 404 },
];

/** What any part of analytics would leave in a page. */
export const analyticsTraces =
  /googletagmanager|google-analytics|clarity\.ms|dataLayer|gtag|data-consent|data-cookie-settings|ga-disable/;
