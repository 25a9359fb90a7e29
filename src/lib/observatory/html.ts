/**
 * A small start-tag collector standing in for the htmlparser2 SAX parser MDN HTTP Observatory v2
 * uses (mdn/mdn-http-observatory src/utils/html-parser.js `collectElements`): tag and attribute
 * names are lower-cased, entities in attribute values are decoded, the first of repeated
 * attributes wins, and comments and the raw text of script/style/textarea/title are skipped.
 */

export type Attributes = Record<string, string>;

const RAW_TEXT_ELEMENTS = new Set(['script', 'style', 'textarea', 'title']);
const NAMED_ENTITIES: Readonly<Record<string, string>> = {
  amp: '&',
  lt: '<',
  gt: '>',
  quot: '"',
  apos: "'",
  nbsp: '\u00a0',
};

/** Decodes numeric references and the common named entities (htmlparser2 knows them all). */
export function decodeEntities(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#[0-9]+|[a-z]+);?/gi, (match, body: string) => {
    if (body.startsWith('#')) {
      const code =
        body[1] === 'x' || body[1] === 'X' ? parseInt(body.slice(2), 16) : parseInt(body.slice(1), 10);
      return Number.isFinite(code) && code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : match;
    }
    return NAMED_ENTITIES[body.toLowerCase()] ?? match;
  });
}

const isSpace = (c: string | undefined) => c === ' ' || c === '\t' || c === '\n' || c === '\r' || c === '\f';

/** The attributes of every `<tagName>` start tag in `html`, in document order. */
export function collectElements(html: string, tagName: string): Attributes[] {
  const target = tagName.toLowerCase();
  const found: Attributes[] = [];
  const length = html.length;
  let i = 0;

  while (i < length) {
    const open = html.indexOf('<', i);
    if (open < 0) break;
    const next = html[open + 1] ?? '';

    if (html.startsWith('<!--', open)) {
      const end = html.indexOf('-->', open + 4);
      i = end < 0 ? length : end + 3;
      continue;
    }
    if (next === '!' || next === '?' || next === '/') {
      const end = html.indexOf('>', open);
      i = end < 0 ? length : end + 1;
      continue;
    }
    if (!/[a-z]/i.test(next)) {
      i = open + 1;
      continue;
    }

    let j = open + 1;
    while (j < length && !isSpace(html[j]) && html[j] !== '/' && html[j] !== '>') j++;
    const name = html.slice(open + 1, j).toLowerCase();
    const attributes: Attributes = {};

    while (j < length && html[j] !== '>') {
      if (isSpace(html[j]) || html[j] === '/') {
        j++;
        continue;
      }
      const nameStart = j;
      while (j < length && !isSpace(html[j]) && html[j] !== '/' && html[j] !== '>' && html[j] !== '=') j++;
      // An attribute name starting with "=" takes it as its first character.
      if (j === nameStart) j++;
      const attributeName = html.slice(nameStart, j).toLowerCase();
      while (isSpace(html[j])) j++;
      let value = '';
      if (html[j] === '=') {
        j++;
        while (isSpace(html[j])) j++;
        const quote = html[j];
        if (quote === '"' || quote === "'") {
          const close = html.indexOf(quote, j + 1);
          const end = close < 0 ? length : close;
          value = html.slice(j + 1, end);
          j = end + 1;
        } else {
          const valueStart = j;
          while (j < length && !isSpace(html[j]) && html[j] !== '>') j++;
          value = html.slice(valueStart, j);
        }
      }
      if (!Object.hasOwn(attributes, attributeName)) attributes[attributeName] = decodeEntities(value);
    }
    i = j + 1;

    if (name === target) found.push(attributes);
    if (RAW_TEXT_ELEMENTS.has(name)) {
      const closing = new RegExp(`</${name}[\\s/>]`, 'gi');
      closing.lastIndex = i;
      const match = closing.exec(html);
      i = match ? match.index : length;
    }
  }
  return found;
}

/** `Content-Security-Policy` and `Referrer-Policy` values declared in the page (src/retriever/utils.js). */
export interface HttpEquivValues {
  csp: string[];
  referrer: string[];
}

/**
 * Mirrors src/retriever/utils.js `parseHttpEquivHeaders`: every non-empty
 * `<meta http-equiv="content-security-policy" content>`, and the last non-empty
 * `<meta name="referrer" content>` (treated like a header). Other http-equiv values are ignored.
 */
export function httpEquivValues(html: string): HttpEquivValues {
  const values: HttpEquivValues = { csp: [], referrer: [] };
  for (const meta of collectElements(html, 'meta')) {
    if ('http-equiv' in meta && 'content' in meta) {
      const httpEquiv = meta['http-equiv']?.toLowerCase().trim();
      const content = meta['content'];
      if (content && httpEquiv === 'content-security-policy') values.csp.push(content);
    } else if (meta['name']?.toLowerCase().trim() === 'referrer') {
      const content = meta['content'];
      if (content) values.referrer = [content];
    }
  }
  return values;
}
