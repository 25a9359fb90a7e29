/** The enquiry email's text helpers. */
import { describe, expect, it } from 'vitest';
import { newRecord } from '#enquiries/record.ts';
import { enquiryEmail } from '#enquiries/email.ts';
import { sampleEnquiry } from '#support/enquiries.ts';

/** A one-line field (the company) as the enquiry email shows it in its summary rows. */
function singleLine(company: string): string {
  const record = newRecord('e'.repeat(32), { ...sampleEnquiry, company }, false, 0);
  const { text } = enquiryEmail(record, { from: 'site@agency.example', to: 'team@agency.example' }, 'Agency');
  return /^Company: (.*)$/m.exec(text)![1]!;
}

describe('email text helpers', () => {
  it('turns line breaks and control characters into single spaces', () => {
    expect(singleLine(' Eve\r\nBcc: x@y.example\u2028\t end ')).toBe('Eve Bcc: x@y.example end');
    expect(singleLine('a\u0085b\u009bc\u0000d\u007fe')).toBe('a b c d e');
  });

  it('removes bidirectional formatting characters', () => {
    const bidi = ['\u202a', '\u202b', '\u202c', '\u202d', '\u202e', '\u2066', '\u2067', '\u2068', '\u2069'];
    expect(singleLine(`Ada ${[...bidi, '\u200e', '\u200f', '\u061c'].join('')}Lovelace`)).toBe(
      'Ada Lovelace',
    );
    expect(singleLine('Jo\u202Egpj.exe')).toBe('Jogpj.exe');
  });
});
