/**
 * The Content-Security-Policy of each page, built from the inline code the build actually
 * produced (src/lib/build-time/security/inline-hashes.ts), and the `_headers` rules that give each path exactly
 * one policy. The headers every answer carries are in response-headers.ts.
 */
import { tagOrigin, type AnalyticsIds } from './analytics.ts';
import type { HeaderRule } from './headers-file.ts';

export interface InlineHashes {
  scripts: string[];
  styles: string[];
}

interface PolicyInput {
  hashes: InlineHashes;
  /** Origins allowed in <iframe> (the embedded scheduling page). */
  frameOrigins: string[];
  analytics?: AnalyticsIds;
}

/** The hosts GA4 and Clarity need, added only when their IDs are configured. */
function analyticsSources(analytics: AnalyticsIds = {}) {
  const script: string[] = [];
  const connect: string[] = [];
  const img: string[] = [];
  if (analytics.ga) {
    script.push(tagOrigin('ga'));
    connect.push(
      'https://*.google-analytics.com',
      'https://*.analytics.google.com',
      'https://*.googletagmanager.com',
    );
    img.push('https://*.google-analytics.com', 'https://*.googletagmanager.com');
  }
  if (analytics.clarity) {
    script.push(tagOrigin('clarity'), 'https://*.clarity.ms');
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
    // data: for the pages' icon, written into each page (pageIconHref); Firefox checks it here.
    ['img-src', ["'self'", 'data:', ...extra.img]],
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
function adminContentSecurityPolicy(): string {
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
  /** Every public page the build wrote (`about.html`, `services/shopify.html`) with its own policy. */
  pages: ReadonlyArray<{ file: string; policy: string }>;
  /** The top-level files that are not pages (`favicon.ico`, `robots.txt`); folders are not listed. */
  topLevelFiles: string[];
  /** The policy of those files: the public one with no inline code allowed. */
  filesPolicy: string;
  /** The editor's page, e.g. /admin: the only page that gets a different policy. */
  adminPath: string;
}

/** The paths that serve a built HTML file as it is: `/about` and `/about.html`, `/` for the index. */
function pagePaths(file: string): string[] {
  const index = /(^|\/)index\.html$/.exec(file);
  const clean = index ? `/${file.slice(0, index.index)}` : `/${file.replace(/\.html$/, '')}`;
  return [clean, `/${file}`];
}

/**
 * One policy per path, never two. Netlify joins a header set by several matching rules, and the
 * browser then enforces both policies, so no two rules may match one path. Each page is named with
 * the hashes of its own inline code only (a shorter header, and no page allows another's scripts);
 * an unknown path matches no rule, and its 404 page carries its policy in a <meta> (withPolicyMeta).
 */
export function pageRules({ pages, topLevelFiles, filesPolicy, adminPath }: PageRulesInput): HeaderRule[] {
  // No Cross-Origin-Opener-Policy on public pages: its only measured effect there was a new
  // renderer process on arrival (Lighthouse TBT 40-126 ms with it, 0-18 ms without), which a slow
  // phone pays for real, and they hold nothing to isolate. The editor's page keeps one below.
  const admin = adminPath.slice(1);
  const policies = new Map<string, string>();
  const add = (path: string, policy: string) => {
    const key = path.toLowerCase();
    const earlier = policies.get(key);
    if (earlier !== undefined && earlier !== policy)
      throw new Error(`Two built files answer ${path} with different policies: rename one of them`);
    policies.set(key, policy);
  };
  for (const { file, policy } of [...pages].sort((a, b) => a.file.localeCompare(b.file)))
    for (const path of pagePaths(file)) add(path, policy);
  for (const file of [...topLevelFiles].sort()) {
    if (file.startsWith('_') || file.endsWith('.html')) continue;
    add(`/${file}`, filesPolicy);
  }
  policies.delete(adminPath.toLowerCase());
  policies.delete(`/${admin}.html`);
  return [
    ...[...policies].map(([path, policy]) => ({
      path,
      headers: [['Content-Security-Policy', policy]] as HeaderRule['headers'],
    })),
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
