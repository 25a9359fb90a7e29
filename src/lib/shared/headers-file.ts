/**
 * Netlify's `_headers` format: writing and reading it, and which rules apply to a path as Netlify
 * matches them. The build writes `dist/_headers` with it; the local server reads that file back,
 * so both hosts send the same headers.
 */

export interface HeaderRule {
  /** A Netlify path pattern: an exact path, or one ending in `*` (a splat). */
  path: string;
  headers: Array<[name: string, value: string]>;
}

export function formatHeadersFile(rules: readonly HeaderRule[]): string {
  return rules
    .map((rule) => [rule.path, ...rule.headers.map(([name, value]) => `  ${name}: ${value}`)].join('\n'))
    .join('\n\n')
    .concat('\n');
}

/** Reads Netlify's `_headers` format: a path line, then indented `Name: value` lines; # comments. */
export function parseHeadersFile(text: string): HeaderRule[] {
  const rules: HeaderRule[] = [];
  for (const raw of text.split(/\r?\n/)) {
    const line = raw.replace(/\s+$/, '');
    if (line.trim() === '' || line.trim().startsWith('#')) continue;
    if (!/^\s/.test(line)) {
      rules.push({ path: line.trim(), headers: [] });
      continue;
    }
    const rule = rules.at(-1);
    const colon = line.indexOf(':');
    if (!rule || colon < 0) throw new Error(`Malformed _headers line: "${line}"`);
    rule.headers.push([line.slice(0, colon).trim(), line.slice(colon + 1).trim()]);
  }
  return rules;
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * A `_headers` path as Netlify reads it: `:name` is one segment, a lone `*` segment is any rest
 * (or nothing: `/admin/*` matches `/admin`), `*` inside a segment is any text; a trailing slash is
 * optional and case is ignored.
 */
export function pathPattern(path: string): RegExp {
  const parts = path
    .split('/')
    .filter(Boolean)
    .map((part) => {
      if (part.startsWith(':')) return '([^/]+)';
      if (part === '*') return '?(.*)';
      return part.split('*').map(escapeRegExp).join('(.*)');
    });
  return new RegExp(`^/${parts.join('/')}/?$`, 'iu');
}

const matches = (pattern: string, pathname: string) => pathPattern(pattern).test(pathname);

/**
 * The headers Netlify would send for a path: every matching rule applies, in file order, and a
 * header named by more than one rule has its values joined with ", " (as Netlify does).
 */
export function headersFor(pathname: string, rules: readonly HeaderRule[]): Record<string, string> {
  const result: Record<string, string> = {};
  for (const rule of rules) {
    if (!matches(rule.path, pathname)) continue;
    for (const [name, value] of rule.headers) {
      const key = name.toLowerCase();
      result[key] = result[key] ? `${result[key]}, ${value}` : value;
    }
  }
  return result;
}
