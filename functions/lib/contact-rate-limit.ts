/**
 * The contact function's own rate limit (the local server has no Netlify in front of it):
 * at most 5 accepted enquiries per client IP within 10 minutes. Mirrors `config.rateLimit`.
 */
import { createSlidingWindowLimiter } from './sliding-window-limiter.ts';

export const contactRateLimit = { limit: 5, windowMs: 10 * 60 * 1000 } as const;

export const contactLimiter = createSlidingWindowLimiter(contactRateLimit);

/**
 * The client's IP: Netlify's context first, then Netlify's header, then the first proxy hop.
 * Anything unknown shares one 'unknown' bucket.
 */
export function clientIp(request: Request, context?: { ip?: string }): string {
  const candidates = [
    context?.ip,
    request.headers.get('x-nf-client-connection-ip'),
    request.headers.get('x-forwarded-for')?.split(',')[0],
  ];
  for (const candidate of candidates) {
    const ip = candidate?.trim();
    if (ip) return ip;
  }
  return 'unknown';
}
