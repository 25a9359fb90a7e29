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
 * The visitor's rate-limit key. Which address is the visitor is the host's answer, never one the
 * visitor wrote: `context.ip` from Netlify's edge, or from the local server, which puts its own
 * answer there (server/function-route.ts, `clientAddress`: the socket, or X-Forwarded-For read
 * from the right behind TRUST_PROXY); else Netlify's own header. As a canonical address (IPv6 by
 * /64); anything unknown shares one 'unknown' bucket.
 */
export function clientIp(request: Request, context?: { ip?: string }): string {
  const candidates = [context?.ip, request.headers.get('x-nf-client-connection-ip')];
  const ip = candidates.map((candidate) => candidate?.trim()).find(Boolean);
  return rateLimitKey(ip);
}
