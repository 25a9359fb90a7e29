/**
 * The contact function's own rate limit (the local server has no Netlify in front of it, and
 * Netlify's rule cannot hold a window this long): at most 5 accepted enquiries per visitor within
 * 10 minutes. The one home of these numbers; `config.rateLimit` is held to them by a test.
 */
import { rateLimitKey } from '../../src/lib/shared/ip-address.ts';
import { createSlidingWindowLimiter } from './sliding-window-limiter.ts';

export const contactRateLimit = {
  limit: 5,
  windowMs: 10 * 60 * 1000,
  /**
   * Netlify's code-defined rules count over a sliding window of at most 180 seconds (600 is
   * refused), so its rule allows the same burst per 3 minutes and this limiter enforces the 10.
   */
  netlifyWindowSeconds: 180,
} as const;

export const contactLimiter = createSlidingWindowLimiter(contactRateLimit);

/**
 * The visitor's rate-limit key: `context.ip`, the host's own answer, never a request header (a
 * visitor can write any header, Netlify's `x-nf-client-connection-ip` and X-Forwarded-For
 * included). Netlify's edge sets it; the local server puts its own answer there
 * (server/function-route.ts, `clientAddress`: the socket, or X-Forwarded-For behind TRUST_PROXY).
 * As a canonical address (IPv6 by /64). Without a usable `context.ip` every such request shares
 * one 'unknown' bucket: the limit still holds, and no header can buy another allowance.
 */
export function clientIp(context?: { ip?: string }): string {
  return rateLimitKey(context?.ip);
}
