/**
 * The contact function's own rate limit, in memory: its numbers are `contactRateLimit`
 * (src/lib/shared/enquiry-policy.ts), and each visitor is keyed by the host's answer for their
 * address.
 */
import { rateLimitKey } from '../src/lib/shared/ip-address.ts';
import { contactRateLimit } from '../src/lib/shared/enquiry-policy.ts';
import { createSlidingWindowLimiter } from './sliding-window-limiter.ts';

/** A limiter with the contact function's numbers; the handler's own unless a host shares one. */
export const createContactLimiter = () => createSlidingWindowLimiter(contactRateLimit);

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
