/**
 * Which analytics this build has: `PUBLIC_GA_ID` (Google Analytics 4) and `PUBLIC_CLARITY_ID`
 * (Microsoft Clarity), read at build time. With neither set, the pages carry no analytics code,
 * no consent banner and no "Cookie settings" button at all.
 *
 * Build-side only (it reads process.env); the page script gets the IDs from the consent banner's
 * data attributes (src/components/ConsentBanner.astro).
 */
import type { AnalyticsIds } from '../shared/analytics.ts';

const formats = {
  PUBLIC_GA_ID: { pattern: /^G-[A-Z0-9]+$/, example: 'G-AB12CD34EF (a GA4 measurement ID)' },
  PUBLIC_CLARITY_ID: { pattern: /^[a-z0-9]+$/, example: 'abcd1234ef (a Clarity project ID)' },
} as const;

function id(env: Record<string, string | undefined>, name: keyof typeof formats): string | undefined {
  const value = env[name]?.trim();
  if (!value) return undefined;
  const { pattern, example } = formats[name];
  // A typo would otherwise ship a tag that silently reports nowhere.
  if (!pattern.test(value)) throw new Error(`${name} must look like ${example}, got "${value}"`);
  return value;
}

export function analyticsIds(
  env: Record<string, string | undefined> = typeof process === 'undefined' ? {} : process.env,
): AnalyticsIds {
  const ga = id(env, 'PUBLIC_GA_ID');
  const clarity = id(env, 'PUBLIC_CLARITY_ID');
  return { ...(ga && { ga }), ...(clarity && { clarity }) };
}

export const analyticsConfigured = (ids: AnalyticsIds) => Boolean(ids.ga || ids.clarity);
