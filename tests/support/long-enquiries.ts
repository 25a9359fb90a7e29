/**
 * Enquiries at the form's limits (`enquiryLimits`), written in the scripts that take the most bytes
 * once encoded: Chinese (3 UTF-8 bytes a character) and emoji (4 bytes, two UTF-16 code units), and
 * the bodies a browser or a script sends for them.
 */
import { enquiryLimits, type Enquiry } from '#src/lib/shared/enquiry.ts';
import { sampleEnquiry } from './enquiries.ts';

const scripts = {
  chinese: '您好我们是一家小公司需要新的网站和内容策略请联系',
  emoji: '😀🎉🚀🌏🧧🐉',
} as const;

type Script = keyof typeof scripts;

/** Text of exactly `units` UTF-16 code units (what `maxlength` and the schema count) in `script`. */
export function textOfLength(units: number, script: Script): string {
  const characters = [...scripts[script]];
  let text = '';
  for (let i = 0; text.length + (characters[i % characters.length]?.length ?? 1) <= units; i += 1) {
    text += characters[i % characters.length];
  }
  return text.padEnd(units, '中');
}

/** The sample enquiry with its name, company and message as long as the form allows, in `script`. */
export function longestEnquiry(script: Script, extra: { message?: number } = {}): Enquiry {
  return {
    ...sampleEnquiry,
    name: textOfLength(enquiryLimits.name, script),
    company: textOfLength(enquiryLimits.company, script),
    message: textOfLength(enquiryLimits.message + (extra.message ?? 0), script),
  };
}

/** The no-JS form's body: URL-encoded, every non-ASCII byte as %XX. */
export function formBody(fields: Record<string, string>): string {
  return new URLSearchParams(fields).toString();
}

/** JSON with every character outside printable ASCII escaped as \uXXXX: the longest a script may send. */
export function escapedJson(fields: object): string {
  return JSON.stringify(fields).replace(
    /[^\x20-\x7e]/g,
    (unit) => `\\u${unit.charCodeAt(0).toString(16).padStart(4, '0')}`,
  );
}
