/** The two spam traps' verdict on an enquiry's fields. */
import { describe, expect, it } from 'vitest';
import { fillTimeField, honeypotField, spamVerdict } from '#src/lib/shared/spam-traps.ts';

describe('spamVerdict', () => {
  it('drops a filled honeypot, whatever the fill time', () => {
    expect(spamVerdict({ [honeypotField]: 'https://x.example' })).toBe('honeypot');
    expect(spamVerdict({ [honeypotField]: 'x', [fillTimeField]: 60_000 })).toBe('honeypot');
    expect(spamVerdict({ [honeypotField]: '   ' })).toBeUndefined();
    expect(spamVerdict({ [honeypotField]: '' })).toBeUndefined();
  });

  it('calls a fill time under the minimum too fast, measured by the visitor alone', () => {
    expect(spamVerdict({ [fillTimeField]: 2999 })).toBe('too-fast');
    expect(spamVerdict({ [fillTimeField]: '0' })).toBe('too-fast');
    expect(spamVerdict({ [fillTimeField]: '1234.5' })).toBe('too-fast');
    expect(spamVerdict({ [fillTimeField]: 3000 })).toBeUndefined();
    expect(spamVerdict({ [fillTimeField]: String(300_000) })).toBeUndefined();
  });

  it('never flags a missing or unreadable fill time', () => {
    for (const fillTime of [undefined, null, '', 'soon', '12abc', -1, Number.NaN, {}, []]) {
      expect(spamVerdict({ [fillTimeField]: fillTime })).toBeUndefined();
    }
  });

  it('names its honeypot after nothing an autofill heuristic fills', () => {
    expect(honeypotField).not.toMatch(/name|mail|phone|tel|url|web|site|address|company|org|zip|city/i);
  });
});
