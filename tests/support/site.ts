/** What the spec says each route shows: the expectations the browser tests check against. */
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { parse } from 'yaml';
import { site } from '../../src/site.config.ts';
import { builtIndexableRoutes } from '../../scripts/built-routes.ts';

export { site };

/** The built site's indexable routes, service pages included, in the site's order. */
export const indexableRoutes = builtIndexableRoutes(resolve(process.env.OUT_DIR ?? 'dist'));

export interface RouteExpectation {
  path: string;
  h1: string;
  title: string;
}

const titled = (title: string) => `${title} | ${site.brand}`;

/** The accessibility statement's content file: its front matter, and its Markdown below. */
export function accessibilityStatement() {
  const file = readFileSync(resolve('src/content/accessibility/statement.md'), 'utf8');
  const [, frontMatter = '', body = ''] = file.split(/^---$/m);
  return { data: parse(frontMatter) as Record<string, unknown> & { title: string }, body };
}
const statementTitle = accessibilityStatement().data.title;

export const routes: RouteExpectation[] = [
  { path: '/', h1: 'Build. Launch. Scale.', title: titled('Building Brands That Scale') },
  { path: '/services', h1: 'Everything you need to scale', title: titled('Services') },
  {
    path: '/services/shopify',
    h1: 'Shopify Builds & Optimisation',
    title: titled('Shopify Builds & Optimisation'),
  },
  {
    path: '/services/content',
    h1: 'Content & Copywriting Packages',
    title: titled('Content & Copywriting Packages'),
  },
  {
    path: '/services/admin-appointment',
    h1: 'Admin & Appointment Setting',
    title: titled('Admin & Appointment Setting'),
  },
  { path: '/about', h1: 'Small team. Senior work', title: titled('About') },
  { path: '/contact', h1: 'Get in Touch', title: titled('Contact') },
  { path: '/blog', h1: 'Blog', title: titled('Blog') },
  { path: '/case-studies', h1: 'Case Studies', title: titled('Case Studies') },
  { path: '/privacy', h1: 'Privacy Policy', title: titled('Privacy Policy') },
  { path: '/terms', h1: 'Terms of Service', title: titled('Terms of Service') },
  // Not in the spec: its words are the editor's, read from its content file.
  { path: '/accessibility', h1: statementTitle, title: titled(statementTitle) },
];

/** The spec's three service pages as the header names them (spec §2). */
export const serviceLinks = [
  ['Shopify Builds & Optimisation', '/services/shopify'],
  ['Content & Copywriting', '/services/content'],
  ['Admin & Appointment Setting', '/services/admin-appointment'],
] as const;

/**
 * The legacy paths of spec §2 as the spec lists them: each page and the old paths that lead to it.
 * The spec is what the redirects are checked against, never the source list itself.
 */
export const specRedirects: Readonly<Record<string, readonly string[]>> = {
  '/services/content': ['/services/content-strategy', '/services/content-packages', '/services/content-old'],
  '/services/shopify': ['/services/shopify-packages', '/services/shopify-old'],
  '/services/admin-appointment': [
    '/services/bpo',
    '/services/outsourcing',
    '/services/bpo-packages',
    '/services/bpo-old',
  ],
  '/services': [
    '/services/seo-blog-production',
    '/services/blog-writing',
    '/services/seo-blog-packages',
    '/services/blogs-old',
  ],
};

/** The spec's redirects as [legacy path, page] pairs. */
export const specRedirectPairs = Object.entries(specRedirects).flatMap(([to, froms]) =>
  froms.map((from) => [from, to] as const),
);

export const absolute = (path: string) => new URL(path === '/' ? '/' : path, site.url).href;
