/**
 * Response headers for every page, in Netlify's `_headers` format, and the Content-Security-Policy
 * built from the inline code the build actually produced. One module serves the build (which
 * writes `dist/_headers`) and the local server (which reads it), so both send the same headers.
 */
import { createHash } from 'node:crypto';

export interface HeaderRule {
  /** A Netlify path pattern: an exact path, or one ending in `*` (a splat). */
  path: string;
  headers: Array<[name: string, value: string]>;
}

export interface InlineHashes {
  scripts: string[];
  styles: string[];
}

export interface AnalyticsConfig {
  gaId?: string | undefined;
  clarityId?: string | undefined;
}

export interface PolicyInput {
  hashes: InlineHashes;
  /** Origins allowed in <iframe> (the embedded scheduling page). */
  frameOrigins: string[];
  analytics?: AnalyticsConfig;
}

const sha256 = (text: string) => `'sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}'`;

// Script elements the browser does not execute (structured data) are not subject to script-src.
const dataScriptTypes = /^(application\/(ld\+)?json|text\/template)$/i;

/** The CSP hash of every distinct inline <script> and <style> in one page's HTML. */
export function inlineHashes(html: string): InlineHashes {
  const scripts = new Set<string>();
  const styles = new Set<string>();
  for (const match of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)) {
    const [, attributes = '', body = ''] = match;
    if (/\ssrc\s*=/i.test(attributes)) continue;
    const type = /\stype\s*=\s*["']?([^"'\s>]+)/i.exec(attributes)?.[1];
    if (type && dataScriptTypes.test(type)) continue;
    scripts.add(sha256(body));
  }
  for (const match of html.matchAll(/<style\b[^>]*>([\s\S]*?)<\/style>/gi))
    styles.add(sha256(match[1] ?? ''));
  return { scripts: [...scripts].sort(), styles: [...styles].sort() };
}

export function mergeHashes(all: InlineHashes[]): InlineHashes {
  const scripts = new Set(all.flatMap((hashes) => hashes.scripts));
  const styles = new Set(all.flatMap((hashes) => hashes.styles));
  return { scripts: [...scripts].sort(), styles: [...styles].sort() };
}

/** The hosts GA4 and Clarity need, added only when their IDs are configured. */
export function analyticsSources(analytics: AnalyticsConfig = {}) {
  const script: string[] = [];
  const connect: string[] = [];
  const img: string[] = [];
  if (analytics.gaId) {
    script.push('https://www.googletagmanager.com');
    connect.push(
      'https://*.google-analytics.com',
      'https://*.analytics.google.com',
      'https://*.googletagmanager.com',
    );
    img.push('https://*.google-analytics.com', 'https://*.googletagmanager.com');
  }
  if (analytics.clarityId) {
    script.push('https://www.clarity.ms', 'https://*.clarity.ms');
    // Clarity also calls Microsoft's c.bing.com once consent allows it (visitor ID sync).
    connect.push('https://*.clarity.ms', 'https://c.bing.com');
    img.push('https://*.clarity.ms', 'https://c.bing.com');
  }
  return { script, connect, img };
}

export function contentSecurityPolicy({ hashes, frameOrigins, analytics }: PolicyInput): string {
  const extra = analyticsSources(analytics);
  const directives: Array<[string, string[]]> = [
    ['default-src', ["'self'"]],
    ['script-src', ["'self'", ...hashes.scripts, ...extra.script]],
    ['style-src', ["'self'", ...hashes.styles]],
    ['img-src', ["'self'", ...extra.img]],
    ['font-src', ["'self'"]],
    ['connect-src', ["'self'", ...extra.connect]],
    ['frame-src', frameOrigins.length > 0 ? frameOrigins : ["'none'"]],
    ['object-src', ["'none'"]],
    ['base-uri', ["'self'"]],
    ['form-action', ["'self'"]],
    ['frame-ancestors', ["'none'"]],
  ];
  return directives.map(([name, sources]) => `${name} ${sources.join(' ')}`).join('; ');
}

export function formatHeadersFile(rules: HeaderRule[]): string {
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

function matches(pattern: string, pathname: string): boolean {
  if (pattern.endsWith('*')) return pathname.startsWith(pattern.slice(0, -1));
  return pattern === pathname;
}

/**
 * The headers Netlify would send for a path: every matching rule applies, in file order, and a
 * header named by more than one rule has its values joined with ", " (as Netlify does).
 */
export function headersFor(pathname: string, rules: HeaderRule[]): Record<string, string> {
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
