/**
 * The contact function's checklist, whichever host runs it (Netlify, or the local server through
 * host.ts): receives a contact enquiry (JSON from the enhanced form, or a plain URL-encoded form
 * post), checks it step by step, stores it, then emails it to the agency over SMTP. An enquiry
 * that is stored but not yet sent (a failed send, or mail not configured yet) is answered as
 * received: the retry job (retry.ts) sends it later. Each step's module answers a tagged result;
 * this file only decides the answer.
 */
import { enquirySchema } from '../src/lib/shared/enquiry.ts';
import type { Env } from '../src/lib/shared/env.ts';
import { submissionIdField } from '../src/lib/shared/submission.ts';
import { fillTimeField, honeypotField, spamVerdict } from '../src/lib/shared/spam-traps.ts';
import { clientIp, createContactLimiter } from './contact-rate-limit.ts';
import { createEnquiryAcceptor, type AcceptDeps, type WaitUntil } from './accept.ts';
import { logOutcome } from './log-outcome.ts';
import { mailRoute } from './mail-settings.ts';
import { maxBodyBytes } from './body-limit.ts';
import { enquiryFormat, isCrossSite, parseFields, readBodyText, unreadableFields } from './receive.ts';
import { failure, success, type Failure, type FieldErrors } from './answers.ts';
import type { SlidingWindowLimiter } from './sliding-window-limiter.ts';

/**
 * What the contact function runs with. The rate limiter and the sets of sends in progress and sends
 * not yet saved (send.ts) are the handler's own unless a host passes them: `npm start` shares
 * its sets with the retry job, and keeps one limiter across the function's reloads in dev mode.
 */
export type ContactDeps = Omit<AcceptDeps, 'unsaved' | 'sending'> &
  Partial<Pick<AcceptDeps, 'unsaved' | 'sending'>> & {
    limiter?: Pick<SlidingWindowLimiter, 'check' | 'consume' | 'release'>;
    env: Env;
    /** The site's address (the only origin allowed to post) and the address a visitor may write to. */
    site: { url: string; email: string };
  };

export type ContactHandler = (
  request: Request,
  context?: { ip?: string; waitUntil?: WaitUntil },
) => Promise<Response>;

/** Fields besides the enquiry's own (which the schema checks) that must be text, if sent at all. */
const extraFields = { text: [honeypotField, submissionIdField], numeric: [fillTimeField] };

export function createContactHandler(given: ContactDeps): ContactHandler {
  const deps = {
    ...given,
    limiter: given.limiter ?? createContactLimiter(),
    unsaved: given.unsaved ?? new Set<string>(),
    sending: given.sending ?? new Set<string>(),
  };
  const { now, limiter, site } = deps;
  const writeToUs = `Please try again later, or email us at ${site.email}.`;
  const acceptEnquiry = createEnquiryAcceptor(deps);

  /** A request turned away before it is read as an enquiry: logged with its status, then answered. */
  function refused(format: 'json' | 'form' | undefined, answer: Failure): Response {
    logOutcome('refused', { status: answer.status });
    return failure(format, answer);
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

  return async function handler(request, context) {
    if (request.method !== 'POST') {
      return refused(undefined, {
        status: 405,
        error: 'method_not_allowed',
        message: 'Enquiries must be sent with POST.',
        headers: { Allow: 'POST' },
      });
    }

    const format = enquiryFormat(request);
    if (!format) {
      return refused(undefined, {
        status: 415,
        error: 'unsupported_media_type',
        message: 'Send the enquiry as JSON or as a URL-encoded form.',
      });
    }

    if (isCrossSite(request, [site.url])) {
      return refused(format, {
        status: 403,
        error: 'cross_site',
        message: `Enquiries can only be sent from ${site.url}.`,
      });
    }

    const ip = clientIp(context);
    const early = limiter.check(ip, now());
    if (!early.allowed) return rateLimited(format, early.retryAfterSeconds);

    const body = await readBodyText(request, maxBodyBytes[format]);
    if (!body.ok) {
      return refused(format, {
        status: 413,
        error: 'payload_too_large',
        message: 'Your enquiry is too long to send. Please shorten your message and try again.',
      });
    }

    const fields = parseFields(body.text, format);
    if (!fields) {
      return refused(format, {
        status: 400,
        error: 'invalid_json',
        message: 'The enquiry could not be read.',
      });
    }

    const spam = spamVerdict(fields);
    if (spam === 'honeypot') {
      logOutcome('spam', { reason: spam });
      return success(format);
    }

    const parsed = enquirySchema.safeParse(fields);
    const unreadable = unreadableFields(fields, extraFields);
    if (!parsed.success || unreadable.length > 0) {
      const fieldErrors: FieldErrors = {};
      for (const field of unreadable) fieldErrors[field] = 'This field could not be read.';
      for (const issue of parsed.error?.issues ?? []) {
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

    const slot = limiter.consume(ip, now());
    if (!slot.allowed) return rateLimited(format, slot.retryAfterSeconds);

    // Without mail settings the enquiry is kept all the same, for the retry job to send later.
    const accepted = await acceptEnquiry(
      { enquiry: parsed.data, submissionId: fields[submissionIdField], possibleSpam: spam === 'too-fast' },
      mailRoute(deps.env),
      context?.waitUntil?.bind(context),
    );
    // An enquiry received before, sent again (a retry after a lost answer), is not a new one.
    if (accepted.ok && accepted.duplicate) limiter.release(ip);
    if (!accepted.ok) {
      // Neither stored nor sent: the visitor will try again, and that must not count twice.
      limiter.release(ip);
      if (accepted.cause === 'store') {
        return failure(format, {
          status: 503,
          error: 'store_unavailable',
          message: `Sorry, your enquiry could not be saved just now, so it has not been sent. ${writeToUs}`,
          headers: { 'Retry-After': '60' },
        });
      }
      return failure(format, {
        status: 502,
        error: 'send_failed',
        message: `Sorry, your enquiry could not be sent. ${writeToUs}`,
      });
    }
    return success(format);
  };
}
