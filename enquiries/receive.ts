/**
 * Receiving an enquiry request: which format it is, whether it comes from another site, its body
 * (never more than the format's limit in bytes, body-limit.ts) and its fields. The answers the
 * contact function gives are answers.ts.
 */

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
