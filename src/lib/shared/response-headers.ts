/**
 * The headers every answer carries and how long each kind may be cached: the one source of both.
 * The build writes them into `dist/_headers` for Netlify (src/integrations/security-headers.ts);
 * the local server sends that file's headers and the same caching (server/static-site.ts); the
 * contact function sets its own (enquiries/receive.ts), because Netlify does not apply
 * `_headers` to functions. Each page's Content-Security-Policy is in security-headers.ts.
 */
import type { HeaderRule } from './headers-file.ts';

export const baseSecurityHeaders = {
  // Two years with subdomains: serve the site only on a domain whose subdomains all have HTTPS.
  'Strict-Transport-Security': 'max-age=63072000; includeSubDomains',
  'X-Content-Type-Options': 'nosniff',
  'Referrer-Policy': 'strict-origin-when-cross-origin',
  'Permissions-Policy': 'camera=(), microphone=(), geolocation=()',
  'X-Frame-Options': 'DENY',
} as const;

/** `Cache-Control` values by what is answered. */
export const cacheControl = {
  /** Hashed build assets (`hashedAssetsPath`): they never change under the same name. */
  hashedAsset: 'public, max-age=31536000, immutable',
  /** Pages and every other file: revalidate on each visit (Netlify's default, copied locally). */
  revalidate: 'public, max-age=0, must-revalidate',
  /** The local server's 301s (legacy paths, trailing slashes). */
  redirect: 'public, max-age=3600',
  /** The contact function's answers and the local server's refusals. */
  never: 'no-store',
} as const;

/**
 * All a 304 carries beside the status: what a cache updates its stored copy with (RFC 9110,
 * 15.4.5). The browser keeps every other header of the answer it stored, the security policy
 * included, so a repeat visit costs a few hundred bytes rather than every policy again. They change
 * only with a build, which gives every file a new validator and so a whole answer.
 */
export const notModifiedHeaders: ReadonlySet<string> = new Set(['cache-control', 'etag', 'vary']);

/** Where Astro writes hashed assets, as a `_headers` path pattern. */
export const hashedAssetsPath = '/_astro/*';

/** The site-wide rules of `dist/_headers`: the build adds one policy rule per path after them. */
export const baseHeaderRules: readonly HeaderRule[] = [
  { path: '/*', headers: Object.entries(baseSecurityHeaders) },
  { path: hashedAssetsPath, headers: [['Cache-Control', cacheControl.hashedAsset]] },
];
