/**
 * The largest enquiry body the contact function reads, per format, worked out from the form's own
 * field limits (src/lib/shared/enquiry.ts), so that every enquiry the form lets a person write is
 * read, whatever its script and whether or not JavaScript sends it: the longest message in Chinese
 * or in emoji included. A field's limit counts UTF-16 code units, as `maxlength` and zod's `max`
 * both do. Encoded, one code unit takes at most:
 * - in a URL-encoded form post (no JavaScript), 9 bytes: a character of the Basic Multilingual
 *   Plane (Chinese, say) is 3 UTF-8 bytes, each sent as `%XX`. An astral character (an emoji) is
 *   two units and 4 bytes, so 12 bytes for two; a line break, sent as CRLF, is `%0D%0A`.
 * - in JSON (the form's script), 6 bytes: `\uXXXX`, the longest escape (an emoji: two of them).
 */
import { budgetRanges, enquiryLimits, projectTypes, type EnquiryField } from '../src/lib/shared/enquiry.ts';
import { fillTimeField, honeypotField } from '../src/lib/shared/spam-traps.ts';
import { submissionIdField } from '../src/lib/shared/submission.ts';
import type { EnquiryFormat } from './receive.ts';

const longestValue = (options: readonly { value: string }[]) =>
  Math.max(...options.map((option) => option.value.length));

/** The most characters each of the enquiry's fields holds. */
const enquiryFieldChars: Record<EnquiryField, number> = {
  ...enquiryLimits,
  projectType: longestValue(projectTypes),
  budgetRange: longestValue(budgetRanges),
};

/**
 * The form's other fields: the honeypot, which a person leaves empty, and what the script adds,
 * a submission id (a UUID; at most 64 characters are read as one) and a fill time in milliseconds.
 */
const otherFieldChars: Record<string, number> = {
  [honeypotField]: 0,
  [submissionIdField]: 64,
  [fillTimeField]: 64,
};

const fieldChars = Object.entries({ ...enquiryFieldChars, ...otherFieldChars });

/** The bytes one field takes at its longest, and what wraps the fields, for each format. */
const encodings: Record<EnquiryFormat, { field: (name: string, chars: number) => number; wrap: number }> = {
  // name=value&
  form: { field: (name, chars) => encodeURIComponent(name).length + 2 + chars * 9, wrap: 0 },
  // "name":"value",  inside {}
  json: { field: (name, chars) => JSON.stringify(name).length + 4 + chars * 6, wrap: 2 },
};

function maxBytes(format: EnquiryFormat): number {
  const { field, wrap } = encodings[format];
  return fieldChars.reduce((total, [name, chars]) => total + field(name, chars), wrap);
}

/** The largest request body read, in bytes: anything longer is refused with 413 unread. */
export const maxBodyBytes: Readonly<Record<EnquiryFormat, number>> = {
  form: maxBytes('form'),
  json: maxBytes('json'),
};
