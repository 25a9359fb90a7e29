/**
 * The contact form's two spam traps, shared by the form (field names) and the function (checks).
 * Pure and free of Astro imports.
 *
 * - A honeypot: a hidden text field people never see and never fill in.
 * - A minimum fill time: the form carries the moment it was rendered or hydrated; a submission
 *   sooner than that after it is a script. A missing or unreadable timestamp is never spam (a
 *   no-JS visitor's timestamp is the build time, which is always old enough).
 */

export const honeypotField = 'website';
export const startedAtField = 'startedAt';
/** The shortest time, in milliseconds, a person takes to fill in the form. */
export const minimumFillTimeMs = 3000;

export type SpamReason = 'honeypot' | 'too-fast';

export function spamReason(fields: Record<string, unknown>, nowMs: number): SpamReason | undefined {
  const honeypot = fields[honeypotField];
  if (honeypot !== undefined && honeypot !== null && String(honeypot).trim() !== '') return 'honeypot';

  const startedAt = readTimestamp(fields[startedAtField]);
  // A value just before now means the form was never really filled in. A value in the future is
  // treated as unknown: the visitor's clock may run ahead of ours, and their enquiry must not be lost.
  if (startedAt !== undefined && startedAt <= nowMs && nowMs - startedAt < minimumFillTimeMs)
    return 'too-fast';
  return undefined;
}

function readTimestamp(value: unknown): number | undefined {
  if (typeof value === 'number') return Number.isFinite(value) ? value : undefined;
  if (typeof value === 'string' && /^\s*\d+\s*$/.test(value)) return Number(value);
  return undefined;
}
