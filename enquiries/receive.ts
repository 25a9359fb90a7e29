/**
 * Receiving an enquiry request: which format it is, whether it comes from another site, its body
 * (never more than the format's limit in bytes, body-limit.ts) and its fields; and every answer the
 * contact function gives. Netlify does not apply `_headers` to functions, so each response carries
 * its own security headers. A JSON request gets a JSON answer; a plain HTML form post gets a 303
 * to the thank-you page or to the error page.
 */
import { baseSecurityHeaders, cacheControl } from '../src/lib/shared/response-headers.ts';

export type EnquiryFormat = 'json' | 'form';

/** The body format from Content-Type (parameters such as charset ignored), or undefined. */
export function enquiryFormat(request: Request): EnquiryFormat | undefined {
  const mediaType = (request.headers.get('content-type') ?? '').split(';')[0]?.trim().toLowerCase();
  if (mediaType === 'application/json') return 'json';
  if (mediaType === 'application/x-www-form-urlencoded') return 'form';
  return undefined;
}

/**
 * The origin the request was made to: the URL's scheme with the Host header. The request target
 * never decides it, so `POST http://elsewhere/...` cannot make "elsewhere" our own origin.
 */
function ownOrigin(request: Request): string | undefined {
  const host = request.headers.get('host')?.trim();
  if (!host) return undefined;
  try {
    return new URL(`${new URL(request.url).protocol}//${host}`).origin;
  } catch {
    return undefined;
  }
}

/**
 * A cross-site request: the browser says so (Sec-Fetch-Site), or it sent an Origin that is
 * neither one of `allowedOrigins` nor the origin the request itself was made to.
 */
export function isCrossSite(request: Request, allowedOrigins: readonly string[]): boolean {
  if (request.headers.get('sec-fetch-site')?.trim().toLowerCase() === 'cross-site') return true;
  const origin = request.headers.get('origin');
  if (origin === null) return false;
  return origin !== ownOrigin(request) && !allowedOrigins.includes(origin);
}

type BodyText = { ok: true; text: string } | { ok: false; reason: 'too-large' };

/**
 * The body as UTF-8 text, refused as too large from its Content-Length alone when that is over
 * the limit, and otherwise by counting bytes as they arrive and stopping past the limit.
 */
export async function readBodyText(request: Request, limit: number): Promise<BodyText> {
  const declared = request.headers.get('content-length')?.trim();
  if (declared && /^\d+$/.test(declared) && Number(declared) > limit) {
    return { ok: false, reason: 'too-large' };
  }
  if (!request.body) return { ok: true, text: '' };

  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let received = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    received += value.byteLength;
    if (received > limit) {
      reader.cancel().catch(() => undefined);
      return { ok: false, reason: 'too-large' };
    }
    chunks.push(value);
  }

  const bytes = new Uint8Array(received);
  let offset = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return { ok: true, text: new TextDecoder().decode(bytes) };
}

/** The submitted fields: a JSON object, or the first value of each form field; undefined if malformed. */
export function parseFields(text: string, format: EnquiryFormat): Record<string, unknown> | undefined {
  if (format === 'form') {
    const fields = new Map<string, string>();
    for (const [key, value] of new URLSearchParams(text)) {
      if (!fields.has(key)) fields.set(key, value);
    }
    return Object.fromEntries(fields);
  }
  try {
    const parsed: unknown = JSON.parse(text);
    if (parsed === null || typeof parsed !== 'object' || Array.isArray(parsed)) return undefined;
    return parsed as Record<string, unknown>;
  } catch {
    return undefined;
  }
}

/**
 * The named fields whose value is neither absent nor text (`numeric`: nor a number either): a
 * crafted JSON object or array where the form sends text. The function answers them with 422,
 * never reading them as text (`String()` of an object can throw).
 */
export function unreadableFields(
  fields: Record<string, unknown>,
  { text, numeric = [] }: { text: readonly string[]; numeric?: readonly string[] },
): string[] {
  const readable = (value: unknown, allowNumber: boolean) =>
    value === undefined || typeof value === 'string' || (allowNumber && typeof value === 'number');
  return [
    ...text.filter((name) => !readable(fields[name], false)),
    ...numeric.filter((name) => !readable(fields[name], true)),
  ];
}

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

interface Failure {
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
