/**
 * The redirects as both hosts serve them: the build writes `dist/_redirects` from the editors'
 * files (src/lib/build-time/redirects/), Netlify reads it, and the local server reads the same
 * file ({@link parseRedirectsFile}). Also the meta-refresh page for any other static host.
 */
import { escapeHtml } from './html-escape.ts';
import { withoutTrailingSlash } from './paths.ts';

/** Old address → the page it leads to. */
export type RedirectTable = Readonly<Record<string, string>>;

/** The target for an old address, with or without its trailing slash; undefined otherwise. */
export function redirectTarget(table: RedirectTable, pathname: string): string | undefined {
  const bare = withoutTrailingSlash(pathname);
  return Object.hasOwn(table, bare) ? table[bare] : undefined;
}

/**
 * Netlify `_redirects` lines. `301!` forces the rule even though a fallback page exists at the
 * same path; both slash forms are listed so neither depends on Netlify's normalisation.
 */
export function netlifyRedirects(table: RedirectTable): string {
  const lines = Object.entries(table).flatMap(([from, to]) => [`${from} ${to} 301!`, `${from}/ ${to} 301!`]);
  return `${lines.join('\n')}\n`;
}

/** The 301 rules of a `_redirects` file ({@link netlifyRedirects}'s lines); others are left to Netlify. */
export function parseRedirectsFile(text: string): RedirectTable {
  const table: Record<string, string> = {};
  for (const line of text.split('\n')) {
    const [from, to, status, ...rest] = line.trim().split(/\s+/);
    if (!from || !to || from.startsWith('#') || rest.length > 0 || !/^301!?$/.test(status ?? '')) continue;
    table[withoutTrailingSlash(from)] ??= to;
  }
  return table;
}

/**
 * A page for static hosts without redirect rules: `location.replace` so the old entry leaves
 * the history, and a meta refresh plus a link for visitors without JavaScript.
 */
export function redirectPage(to: string, absoluteTarget: string, lang: string): string {
  const href = escapeHtml(to);
  return [
    '<!doctype html>',
    `<html lang="${escapeHtml(lang)}">`,
    '<meta charset="utf-8">',
    `<title>Redirecting to ${href}</title>`,
    '<meta name="robots" content="noindex">',
    `<link rel="canonical" href="${escapeHtml(absoluteTarget)}">`,
    `<meta http-equiv="refresh" content="0; url=${href}">`,
    `<script>${redirectScript(to)}</script>`,
    `<p>This page has moved to <a href="${href}">${href}</a>.</p>`,
    '</html>',
    '',
  ].join('\n');
}

/** The inline script of a redirect page; the build hashes it for the CSP from the written page. */
function redirectScript(to: string): string {
  return `location.replace(${JSON.stringify(to).replace(/</g, '\\u003c')})`;
}
