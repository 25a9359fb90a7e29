/**
 * Posts an enquiry as JSON and says how it went, never throwing: a network error or a refusal is
 * an outcome the form shows, with the function's per-field messages when it sends some (a 422).
 */
import type { EnquiryField } from '@/lib/shared/enquiry';

export type FieldErrors = Partial<Record<EnquiryField, string>>;

type Outcome = { ok: true } | { ok: false; fields: FieldErrors };

export async function sendEnquiry(
  action: string,
  fields: Record<string, FormDataEntryValue>,
): Promise<Outcome> {
  try {
    const response = await fetch(action, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
      body: JSON.stringify(fields),
    });
    if (response.ok) return { ok: true };
    console.error(`The enquiry was not sent: HTTP ${response.status}`);
    const body: unknown = response.status === 422 ? await response.json().catch(() => undefined) : undefined;
    return { ok: false, fields: fieldErrorsIn(body) };
  } catch (error) {
    console.error('The enquiry was not sent:', error);
    return { ok: false, fields: {} };
  }
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
