/**
 * Legacy paths (spec §2) and where they now live: the single source for Netlify's `_redirects`,
 * the local server's 301s and the meta-refresh fallback pages for any other static host.
 */
import { escapeHtml } from './html-escape.ts';
import { withoutTrailingSlash } from './paths.ts';

export const redirects: Readonly<Record<string, string>> = {
  '/services/content-strategy': '/services/content',
  '/services/content-packages': '/services/content',
  '/services/content-old': '/services/content',
  '/services/shopify-packages': '/services/shopify',
  '/services/shopify-old': '/services/shopify',
  '/services/bpo': '/services/admin-appointment',
  '/services/outsourcing': '/services/admin-appointment',
  '/services/bpo-packages': '/services/admin-appointment',
  '/services/bpo-old': '/services/admin-appointment',
  '/services/seo-blog-production': '/services',
  '/services/blog-writing': '/services',
  '/services/seo-blog-packages': '/services',
  '/services/blogs-old': '/services',
};

/** The target for a legacy path, with or without its trailing slash; undefined otherwise. */
export function redirectTarget(pathname: string): string | undefined {
  const bare = withoutTrailingSlash(pathname);
  return Object.hasOwn(redirects, bare) ? redirects[bare] : undefined;
}

/**
 * Netlify `_redirects` lines. `301!` forces the rule even though a fallback page exists at the
 * same path; both slash forms are listed so neither depends on Netlify's normalisation.
 */
export function netlifyRedirects(): string {
  const lines = Object.entries(redirects).flatMap(([from, to]) => [
    `${from} ${to} 301!`,
    `${from}/ ${to} 301!`,
  ]);
  return `${lines.join('\n')}\n`;
}

/**
 * A page for static hosts without redirect rules: `location.replace` so the legacy entry leaves
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
