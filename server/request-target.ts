/**
 * Reading the request line and Host safely. The path is kept as the client sent it (still
 * percent-encoded) so that anything written back into a header, such as a redirect's Location,
 * is built from bytes that cannot change meaning on the way out.
 */

export interface RequestTarget {
  /** The path as sent, still percent-encoded, e.g. `/caf%C3%A9/`. */
  rawPath: string;
  /** The query with its `?`, or ''. */
  search: string;
  /** The path decoded for file lookup; undefined when its escapes are malformed. */
  path: string | undefined;
}

/**
 * The target of an origin-form (`/path?query`) or absolute-form (`http://host/path`) request
 * line; undefined for anything else (`*`, authority-form), which the server answers with 400.
 * A path beginning `//` stays a path here: it is never read as a host.
 */
export function requestTarget(url: string): RequestTarget | undefined {
  let rest = url;
  const absolute = /^https?:\/\/[^/?#]*/i.exec(rest);
  if (absolute) rest = rest.slice(absolute[0].length) || '/';
  if (!rest.startsWith('/')) return undefined;
  const query = rest.indexOf('?');
  const rawPath = query < 0 ? rest : rest.slice(0, query);
  const search = query < 0 ? '' : rest.slice(query);
  let path: string | undefined;
  try {
    path = decodeURIComponent(rawPath);
  } catch {
    path = undefined;
  }
  return { rawPath, search: search === '?' ? '' : search, path };
}

// Characters a URL path or query may carry as they are (RFC 3986 pchar, plus "/" and "?").
const safe = /[A-Za-z0-9\-._~!$&'()*+,;=:@/?]/;

function encodeChar(char: string): string {
  try {
    return encodeURIComponent(char);
  } catch {
    return '%EF%BF%BD'; // a lone surrogate: the replacement character
  }
}

/** Percent-encodes every character outside `safe`, keeping well-formed `%XX` escapes. */
function encodeUnsafe(text: string): string {
  let out = '';
  for (let i = 0; i < text.length; i += 1) {
    const char = text[i] ?? '';
    if (char === '%' && /^[0-9A-Fa-f]{2}$/.test(text.slice(i + 1, i + 3))) out += char;
    else if (safe.test(char)) out += char;
    else out += encodeChar(char);
  }
  return out;
}

/**
 * A Location that can only ever name a path on this site: leading slashes and backslashes
 * collapse into one `/` (browsers read `//host` and `/\host` as another origin), every other
 * unsafe character is percent-encoded, and non-ASCII text round-trips as UTF-8 escapes.
 */
export function sameOriginLocation(rawPath: string, search = ''): string {
  const path = encodeUnsafe(rawPath.replace(/^[/\\]+/, ''));
  return `/${path}${encodeUnsafe(search)}`;
}

/** A Host header this server can answer for: a name or IP literal with an optional port. */
export function isValidHost(host: string): boolean {
  const label = '[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?';
  const match = new RegExp(`^(?:${label}(?:\\.${label})*\\.?|\\[[0-9A-Fa-f:.]+\\])(?::(\\d{1,5}))?$`).exec(
    host,
  );
  return match !== null && (match[1] === undefined || Number(match[1]) <= 65_535);
}
