/**
 * The contact form's spam traps, shared by the form (field names) and the function (checks).
 * Pure and free of Astro imports. Neither trap may lose a person's enquiry:
 *
 * - A honeypot: a field hidden from sight, from the tab order and from assistive technology, with a
 *   name and label no autofill heuristic recognises. Only a bot fills it in; its enquiry is dropped
 *   (and answered as sent).
 * - A fill time: the form's script sends how long the form was shown, measured with the visitor's
 *   own `performance.now()` (no comparison between their clock and ours). Sooner than a person
 *   could type is only flagged: the enquiry is still delivered, with a "[Possible spam]" subject.
 *   Without JavaScript there is no fill time, and nothing is flagged.
 */

export const honeypotField = 'hp_leave_blank';
export const fillTimeField = 'fillTimeMs';
/** The shortest time, in milliseconds, a person takes to fill in the form. */
const minimumFillTimeMs = 3000;

type SpamVerdict = 'honeypot' | 'too-fast' | undefined;

export function spamVerdict(fields: Record<string, unknown>): SpamVerdict {
  const honeypot = fields[honeypotField];
  // Only text can be filled in: any other value is the function's to refuse (never `String()`ed).
  if (typeof honeypot === 'string' && honeypot.trim() !== '') return 'honeypot';

  const fillTime = readMilliseconds(fields[fillTimeField]);
  if (fillTime !== undefined && fillTime < minimumFillTimeMs) return 'too-fast';
  return undefined;
}

function readMilliseconds(value: unknown): number | undefined {
  if (typeof value === 'number') return Number.isFinite(value) && value >= 0 ? value : undefined;
  if (typeof value === 'string' && /^\s*\d+(\.\d+)?\s*$/.test(value)) return Number(value);
  return undefined;
}
