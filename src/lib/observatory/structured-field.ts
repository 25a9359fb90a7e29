/**
 * Parses a header value as an RFC 9651 (structured field) Item and returns its bare item when it
 * is a Token, or null otherwise. This is how MDN HTTP Observatory v2 reads
 * Cross-Origin-Opener-Policy and Cross-Origin-Embedder-Policy (mdn/mdn-http-observatory
 * src/analyzer/utils.js `parseStructuredFieldToken`, which uses the structured-headers package):
 * a value that is not a valid Item is ignored as a whole, a quoted string is not a token, and
 * parameters such as `report-to` are validated but otherwise ignored.
 */

const DIGIT = /[0-9]/;
const ALPHA = /[A-Za-z]/;
const TCHAR = /[!#$%&'*+\-.^_`|~0-9A-Za-z]/;
const KEY_START = /[a-z*]/;
const KEY_CHAR = /[a-z0-9_\-.*]/;
const BASE64 = /[A-Za-z0-9+/=]/;

class Cursor {
  position = 0;
  readonly text: string;
  constructor(text: string) {
    this.text = text;
  }
  peek(): string {
    return this.text[this.position] ?? '';
  }
  take(): string {
    return this.text[this.position++] ?? '';
  }
  done(): boolean {
    return this.position >= this.text.length;
  }
  skipSpaces(): void {
    while (this.peek() === ' ') this.position++;
  }
}

class InvalidField extends Error {}

function parseToken(cursor: Cursor): string {
  const start = cursor.position;
  cursor.take();
  while (TCHAR.test(cursor.peek()) || cursor.peek() === ':' || cursor.peek() === '/') cursor.take();
  return cursor.text.slice(start, cursor.position);
}

function parseNumber(cursor: Cursor): void {
  if (cursor.peek() === '-') cursor.take();
  if (!DIGIT.test(cursor.peek())) throw new InvalidField('number without digits');
  let integerDigits = 0;
  while (DIGIT.test(cursor.peek())) {
    cursor.take();
    integerDigits++;
  }
  if (cursor.peek() !== '.') {
    if (integerDigits > 15) throw new InvalidField('integer too long');
    return;
  }
  cursor.take();
  let fractionDigits = 0;
  while (DIGIT.test(cursor.peek())) {
    cursor.take();
    fractionDigits++;
  }
  if (integerDigits > 12 || fractionDigits === 0 || fractionDigits > 3) throw new InvalidField('bad decimal');
}

function parseString(cursor: Cursor): void {
  cursor.take();
  while (!cursor.done()) {
    const c = cursor.take();
    if (c === '\\') {
      const escaped = cursor.take();
      if (escaped !== '"' && escaped !== '\\') throw new InvalidField('bad escape');
    } else if (c === '"') {
      return;
    } else {
      const code = c.charCodeAt(0);
      if (code < 0x20 || code > 0x7e) throw new InvalidField('bad string character');
    }
  }
  throw new InvalidField('unterminated string');
}

function parseBareItem(cursor: Cursor): string | null {
  const c = cursor.peek();
  if (c === '-' || DIGIT.test(c)) {
    parseNumber(cursor);
    return null;
  }
  if (c === '"') {
    parseString(cursor);
    return null;
  }
  if (ALPHA.test(c) || c === '*') return parseToken(cursor);
  if (c === ':') {
    cursor.take();
    while (BASE64.test(cursor.peek())) cursor.take();
    if (cursor.take() !== ':') throw new InvalidField('unterminated byte sequence');
    return null;
  }
  if (c === '?') {
    cursor.take();
    const value = cursor.take();
    if (value !== '0' && value !== '1') throw new InvalidField('bad boolean');
    return null;
  }
  if (c === '@') {
    cursor.take();
    parseNumber(cursor);
    return null;
  }
  if (c === '%') {
    cursor.take();
    if (cursor.peek() !== '"') throw new InvalidField('bad display string');
    parseString(cursor);
    return null;
  }
  throw new InvalidField('unexpected character');
}

function parseParameters(cursor: Cursor): void {
  while (cursor.peek() === ';') {
    cursor.take();
    cursor.skipSpaces();
    if (!KEY_START.test(cursor.peek())) throw new InvalidField('bad parameter key');
    while (KEY_CHAR.test(cursor.peek())) cursor.take();
    if (cursor.peek() === '=') {
      cursor.take();
      parseBareItem(cursor);
    }
  }
}

export function parseStructuredFieldToken(value: string): string | null {
  const cursor = new Cursor(value);
  try {
    cursor.skipSpaces();
    const token = parseBareItem(cursor);
    parseParameters(cursor);
    cursor.skipSpaces();
    if (!cursor.done()) throw new InvalidField('trailing characters');
    return token;
  } catch (error) {
    if (error instanceof InvalidField) return null;
    throw error;
  }
}
