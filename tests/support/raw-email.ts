/**
 * Just enough MIME parsing to check the messages the contact function sends: top-level headers
 * (unfolded, encoded words decoded) and the decoded text/plain and text/html parts.
 */

export interface Header {
  name: string;
  /** The value as sent, unfolded. */
  raw: string;
  /** The value with RFC 2047 encoded words decoded. */
  value: string;
}

export interface ParsedEmail {
  headers: Header[];
  header(name: string): string | undefined;
  text: string;
  html: string;
}

function splitHeadAndBody(raw: string): [string, string] {
  const match = /\r?\n\r?\n/.exec(raw);
  if (!match) return [raw, ''];
  return [raw.slice(0, match.index), raw.slice(match.index + match[0].length)];
}

export function parseHeaders(head: string): Header[] {
  const headers: Header[] = [];
  for (const line of head.split(/\r?\n/)) {
    const last = headers.at(-1);
    if (/^[ \t]/.test(line) && last) {
      last.raw += line;
      continue;
    }
    const colon = line.indexOf(':');
    if (colon <= 0) throw new Error(`Not a header line: ${JSON.stringify(line)}`);
    headers.push({
      name: line.slice(0, colon).trim().toLowerCase(),
      raw: line.slice(colon + 1).trim(),
      value: '',
    });
  }
  for (const header of headers) header.value = decodeEncodedWords(header.raw);
  return headers;
}

export function decodeEncodedWords(value: string): string {
  // Whitespace between two adjacent encoded words is not part of the text.
  const joined = value.replace(/(\?=)\s+(=\?)/g, '$1$2');
  return joined.replace(
    /=\?([^?]+)\?([QqBb])\?([^?]*)\?=/g,
    (_all, _charset: string, encoding: string, text: string) => {
      if (encoding.toUpperCase() === 'B') return Buffer.from(text, 'base64').toString('utf8');
      return decodeQuotedPrintable(text.replace(/_/g, ' '));
    },
  );
}

/** Quoted-printable's soft line breaks undone: a long line as it was written, `=XX` escapes kept. */
export function withoutSoftBreaks(text: string): string {
  return text.replace(/=\r?\n/g, '');
}

function decodeQuotedPrintable(body: string): string {
  const unwrapped = withoutSoftBreaks(body);
  const bytes: number[] = [];
  for (let i = 0; i < unwrapped.length; i += 1) {
    const char = unwrapped[i] ?? '';
    const hex = unwrapped.slice(i + 1, i + 3);
    if (char === '=' && /^[0-9A-Fa-f]{2}$/.test(hex)) {
      bytes.push(parseInt(hex, 16));
      i += 2;
    } else {
      bytes.push(...Buffer.from(char, 'utf8'));
    }
  }
  return Buffer.from(bytes).toString('utf8');
}

function decodePart(headers: Header[], body: string): string {
  const encoding = headers.find((h) => h.name === 'content-transfer-encoding')?.value.toLowerCase() ?? '7bit';
  if (encoding === 'quoted-printable') return decodeQuotedPrintable(body);
  if (encoding === 'base64') return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');
  return body;
}

export function parseEmail(raw: string): ParsedEmail {
  const [head, body] = splitHeadAndBody(raw);
  const headers = parseHeaders(head);
  const header = (name: string) => headers.find((h) => h.name === name.toLowerCase())?.value;
  const parts: { type: string; content: string }[] = [];

  const contentType = header('content-type') ?? 'text/plain';
  const boundary = /boundary="?([^";]+)"?/i.exec(contentType)?.[1];
  if (boundary) {
    for (const section of body.split(`--${boundary}`).slice(1)) {
      if (section.startsWith('--')) break;
      const [partHead, partBody] = splitHeadAndBody(section.replace(/^\r?\n/, ''));
      const partHeaders = parseHeaders(partHead);
      const type =
        partHeaders
          .find((h) => h.name === 'content-type')
          ?.value.split(';')[0]
          ?.trim() ?? '';
      parts.push({ type, content: decodePart(partHeaders, partBody.replace(/\r?\n$/, '')) });
    }
  } else {
    parts.push({ type: contentType.split(';')[0]?.trim() ?? '', content: decodePart(headers, body) });
  }

  return {
    headers,
    header,
    text: parts.find((p) => p.type === 'text/plain')?.content ?? '',
    html: parts.find((p) => p.type === 'text/html')?.content ?? '',
  };
}
