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

interface InlineHashes {
  scripts: string[];
  styles: string[];
}

export interface AnalyticsConfig {
  gaId?: string | undefined;
  clarityId?: string | undefined;
}

interface PolicyInput {
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
function analyticsSources(analytics: AnalyticsConfig = {}) {
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
  return formatPolicy(directives);
}

const formatPolicy = (directives: Array<[string, string[]]>) =>
  directives.map(([name, sources]) => `${name} ${sources.join(' ')}`).join('; ');

/**
 * The editor at /admin (Sveltia CMS): its own script, GitHub's API for content and avatars, and
 * Netlify's OAuth endpoint for signing in. Svelte adds its component styles at run time, and
 * images being edited are shown from blob: and data: URLs.
 */
export function adminContentSecurityPolicy(): string {
  return formatPolicy([
    ['default-src', ["'self'"]],
    ['script-src', ["'self'"]],
    ['style-src', ["'self'", "'unsafe-inline'"]],
    ['img-src', ["'self'", 'data:', 'blob:', 'https://avatars.githubusercontent.com']],
    ['media-src', ["'self'", 'blob:']],
    ['font-src', ["'self'"]],
    ['connect-src', ["'self'", 'data:', 'https://api.github.com', 'https://api.netlify.com']],
    ['frame-src', ["'self'", 'blob:']],
    ['object-src', ["'none'"]],
    ['base-uri', ["'self'"]],
    ['form-action', ["'self'"]],
    ['frame-ancestors', ["'none'"]],
  ]);
}

/**
 * The 404 page answers every unknown path, and the unknown top-level ones match no rule above
 * (`/admin` keeps them from sharing one): it carries the public policy in a <meta> too.
 * `frame-ancestors` only works as a header (X-Frame-Options: DENY covers framing there).
 */
export function withPolicyMeta(html: string, policy: string): string {
  const content = policy
    .split('; ')
    .filter((directive) => !directive.startsWith('frame-ancestors'))
    .join('; ');
  const meta = `<meta http-equiv="Content-Security-Policy" content="${content}">`;
  const charset = /<meta charset="?utf-8"?\s*\/?>/i.exec(html);
  if (!charset) throw new Error('The 404 page has no <meta charset> to put its policy after');
  return html.replace(charset[0], `${charset[0]}${meta}`);
}

interface PageRulesInput {
  /** The top-level files the build wrote (`about.html`, `favicon.svg`); folders are not listed. */
  topLevelFiles: string[];
  publicPolicy: string;
  /** The editor's page, e.g. /admin: the only page that gets a different policy. */
  adminPath: string;
}

/**
 * One policy per path, never two. Netlify joins a header set by several matching rules, and the
 * browser then enforces both policies, so no rule may match both a public page and the editor:
 * public pages are named one by one at the top level, and `/:a/:b/*` covers every deeper path.
 */
export function pageRules({ topLevelFiles, publicPolicy, adminPath }: PageRulesInput): HeaderRule[] {
  const publicHeaders: HeaderRule['headers'] = [
    ['Content-Security-Policy', publicPolicy],
    ['Cross-Origin-Opener-Policy', 'same-origin'],
  ];
  const admin = adminPath.slice(1);
  const paths = new Set<string>();
  for (const file of [...topLevelFiles].sort()) {
    if (file.startsWith('_') || file === `${admin}.html`) continue;
    paths.add(file === 'index.html' ? '/' : `/${file.replace(/\.html$/, '')}`);
    paths.add(`/${file}`);
  }
  return [
    ...[...paths, '/:section/:page/*'].map((path) => ({ path, headers: publicHeaders })),
    {
      path: adminPath,
      headers: [
        ['Content-Security-Policy', adminContentSecurityPolicy()],
        // Signing in opens Netlify's page in a pop-up that must be able to answer this one.
        ['Cross-Origin-Opener-Policy', 'same-origin-allow-popups'],
      ],
    },
    { path: `${adminPath}/*`, headers: [['X-Robots-Tag', 'noindex, nofollow']] },
  ];
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
