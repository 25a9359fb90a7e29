/**
 * Posts an enquiry as JSON and says how it went, never throwing: a refusal is an outcome the form
 * shows, with the function's per-field messages when it sends some (a 422). No connection (the
 * browser knows it is offline, or the request fails on the network) is an outcome of its own: the
 * form keeps the enquiry and sends it again, with the same submission id, once back online, so an
 * enquiry that did arrive before its answer was lost is still mailed once.
 */
import type { EnquiryField } from '@/lib/shared/enquiry';

export type FieldErrors = Partial<Record<EnquiryField, string>>;

export type Outcome = { kind: 'sent' } | { kind: 'offline' } | { kind: 'refused'; fields: FieldErrors };

export async function sendEnquiry(
  action: string,
  fields: Record<string, FormDataEntryValue>,
): Promise<Outcome> {
  if (navigator.onLine === false) return { kind: 'offline' };
  let response: Response;
  try {
    response = await fetch(action, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
      body: JSON.stringify(fields),
    });
  } catch (error) {
    // fetch rejects only when no answer came back: the network, never the function's refusal.
    console.error('The enquiry was not sent, no connection:', error);
    return { kind: 'offline' };
  }
  if (response.ok) return { kind: 'sent' };
  console.error(`The enquiry was not sent: HTTP ${response.status}`);
  const body: unknown = response.status === 422 ? await response.json().catch(() => undefined) : undefined;
  return { kind: 'refused', fields: fieldErrorsIn(body) };
}

/**
 * The per-field messages of a 422 answer (`{ fields: { name: '…' } }`): each field shows the one
 * under its name, so only text is kept, and a name the form does not have is never looked up.
 */
function fieldErrorsIn(body: unknown): FieldErrors {
  const fields = (body as { fields?: unknown } | undefined)?.fields;
  if (!fields || typeof fields !== 'object') return {};
  return Object.fromEntries(
    Object.entries(fields).filter(
      (entry): entry is [string, string] => typeof entry[1] === 'string' && entry[1] !== '',
    ),
  );
}
