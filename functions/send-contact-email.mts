/**
 * The site's only server code: receives a contact enquiry (JSON from the enhanced form, or a
 * plain URL-encoded form post) and emails it to the agency over SMTP.
 * Runs as a Netlify Function (v2) and, unbundled, under Node's type stripping in the local server.
 */
import { enquirySchema } from '../src/lib/enquiry.ts';
import { spamReason } from '../src/lib/spam-traps.ts';
import { site } from '../src/site.config.ts';
import { now } from './lib/clock.ts';
import { clientIp, contactLimiter } from './lib/contact-rate-limit.ts';
import { deliverEmail } from './lib/deliver-email.ts';
import { composeEnquiryEmail } from './lib/enquiry-email.ts';
import { logOutcome } from './lib/log-outcome.ts';
import { mailRoute, type DeployedRuntime } from './lib/mail-settings.ts';
import { enquiryFormat, isCrossSite, parseFields, readBodyText } from './lib/read-request.ts';
import { failure, success } from './lib/responses.ts';
import type { FieldErrors } from './lib/responses.ts';

// Literal values: Netlify reads this object without running the code. Held by a test to
// `contactRateLimit` (functions/lib/contact-rate-limit.ts), the one home of the numbers.
export const config = {
  path: '/api/send-contact-email',
  rateLimit: { windowLimit: 5, windowSize: 180, aggregateBy: ['ip', 'domain'] },
};

const writeToUs = `Please try again later, or email us at ${site.email}.`;

export default async function handler(
  request: Request,
  context?: { ip?: string } & DeployedRuntime,
): Promise<Response> {
  if (request.method !== 'POST') {
    logOutcome('refused', { status: 405 });
    return failure(undefined, {
      status: 405,
      error: 'method_not_allowed',
      message: 'Enquiries must be sent with POST.',
      headers: { Allow: 'POST' },
    });
  }

  const format = enquiryFormat(request);
  if (!format) {
    logOutcome('refused', { status: 415 });
    return failure(undefined, {
      status: 415,
      error: 'unsupported_media_type',
      message: 'Send the enquiry as JSON or as a URL-encoded form.',
    });
  }

  if (isCrossSite(request, [site.url])) {
    logOutcome('refused', { status: 403 });
    return failure(format, {
      status: 403,
      error: 'cross_site',
      message: `Enquiries can only be sent from ${site.url}.`,
    });
  }

  const ip = clientIp(request, context);
  const early = contactLimiter.check(ip, now());
  if (!early.allowed) return rateLimited(format, early.retryAfterSeconds);

  const body = await readBodyText(request);
  if (!body.ok) {
    logOutcome('refused', { status: 413 });
    return failure(format, {
      status: 413,
      error: 'payload_too_large',
      message: 'Your enquiry is too long to send. Please shorten your message and try again.',
    });
  }

  const fields = parseFields(body.text, format);
  if (!fields) {
    logOutcome('refused', { status: 400 });
    return failure(format, { status: 400, error: 'invalid_json', message: 'The enquiry could not be read.' });
  }

  const spam = spamReason(fields, now());
  if (spam) {
    logOutcome('spam', { reason: spam });
    return success(format);
  }

  const parsed = enquirySchema.safeParse(fields);
  if (!parsed.success) {
    const fieldErrors: FieldErrors = {};
    for (const issue of parsed.error.issues) {
      const field = String(issue.path[0] ?? 'form');
      fieldErrors[field] ??= issue.message;
    }
    logOutcome('invalid', { fields: Object.keys(fieldErrors).join(',') });
    return failure(format, {
      status: 422,
      error: 'invalid_fields',
      message: 'Please check the highlighted fields and try again.',
      fields: fieldErrors,
    });
  }

  const slot = contactLimiter.consume(ip, now());
  if (!slot.allowed) return rateLimited(format, slot.retryAfterSeconds);

  const route = mailRoute(process.env, site.email, context);
  if (route.kind === 'unconfigured') {
    contactLimiter.release(ip);
    logOutcome('not_configured', { problem: JSON.stringify(route.problem) });
    return failure(format, {
      status: 503,
      error: 'not_configured',
      message: `Sorry, enquiries cannot be sent from the website at the moment. Please email us at ${site.email}.`,
    });
  }

  const email = composeEnquiryEmail(parsed.data, { from: route.from, to: route.to, brand: site.brand });
  const delivery = await deliverEmail(email, route);
  if (!delivery.ok) {
    contactLimiter.release(ip);
    const { code, responseCode, command } = delivery;
    logOutcome('send_failed', { via: route.kind, code, responseCode, command });
    return failure(format, {
      status: 502,
      error: 'send_failed',
      message: `Sorry, your enquiry could not be sent. ${writeToUs}`,
    });
  }

  logOutcome('sent', delivery.via === 'outbox' ? { via: 'outbox', file: delivery.file } : { via: 'smtp' });
  return success(format);
}

function rateLimited(format: 'json' | 'form', retryAfterSeconds: number): Response {
  logOutcome('rate_limited', { retryAfter: retryAfterSeconds });
  return failure(format, {
    status: 429,
    error: 'rate_limited',
    message: `You have sent several enquiries in a short time. ${writeToUs}`,
    headers: { 'Retry-After': String(retryAfterSeconds) },
  });
}
