/**
 * Every answer the contact function gives (and the headers the health check's share). Netlify does
 * not apply `_headers` to functions, so each response carries its own security headers. A JSON
 * request gets a JSON answer; a plain HTML form post gets a 303 to the thank-you page or to the
 * error page.
 */
import { baseSecurityHeaders, cacheControl } from '../src/lib/shared/response-headers.ts';
import type { EnquiryFormat } from './receive.ts';

const sentPage = '/contact/sent';
const errorPage = '/contact/error';

// The site's base headers that a JSON answer needs (the contact function's and the health
// check's): Permissions-Policy and X-Frame-Options concern documents only, and this policy's
// frame-ancestors already forbids framing.
export const securityHeaders: Readonly<Record<string, string>> = {
  'Content-Type': 'application/json; charset=utf-8',
  'Cache-Control': cacheControl.never,
  'X-Content-Type-Options': baseSecurityHeaders['X-Content-Type-Options'],
  'Referrer-Policy': baseSecurityHeaders['Referrer-Policy'],
  // Stricter than the pages' policy: an answer of the function loads nothing at all.
  'Content-Security-Policy': "default-src 'none'; frame-ancestors 'none'",
  'Strict-Transport-Security': baseSecurityHeaders['Strict-Transport-Security'],
};

export type FieldErrors = Partial<Record<string, string>>;

export interface Failure {
  status: number;
  error: string;
  message: string;
  fields?: FieldErrors;
  headers?: Record<string, string>;
}

function respond(status: number, body: object, headers: Record<string, string> = {}): Response {
  return new Response(JSON.stringify(body), { status, headers: { ...securityHeaders, ...headers } });
}

/** The success answer for the given request format. */
export function success(format: EnquiryFormat | undefined): Response {
  if (format === 'form') return respond(303, { ok: true }, { Location: sentPage });
  return respond(200, { ok: true });
}

/** A failure answer: the status with a JSON body, or for a form post a 303 to the error page. */
export function failure(
  format: EnquiryFormat | undefined,
  { status, error, message, fields, headers }: Failure,
): Response {
  if (format === 'form') return respond(303, { ok: false, error }, { ...headers, Location: errorPage });
  return respond(
    status,
    fields ? { ok: false, error, message, fields } : { ok: false, error, message },
    headers,
  );
}
