/**
 * Text from a visitor made safe for the operator's terminal: every control character (C0, DEL,
 * C1 such as U+009B, which a terminal reads as an escape sequence), line and paragraph separator
 * and invisible formatting character (Unicode category Cf: the bidirectional controls U+202A–202E,
 * U+2066–2069, U+200E/F, U+061C and their kin) is shown as a visible `\u{…}` escape instead.
 */
const unsafe = /[\p{Cc}\p{Cf}\u2028\u2029]/gu;

export function printable(text: string): string {
  return text.replace(unsafe, (char) => `\\u{${char.codePointAt(0)?.toString(16).padStart(4, '0')}}`);
}
