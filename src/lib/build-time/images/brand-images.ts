/**
 * The images that carry the brand outside the site: the square logo crawlers show beside search
 * results, and the share image of each page. Both are drawn at build time by
 * src/integrations/share-images.ts; this module only says where they live and what they show,
 * so the head tags, the structured data and the renderer agree.
 */
import { withoutTrailingSlash } from '../../shared/paths.ts';
import type { ShareImage } from '../head.ts';

/** The brand mark drawn by src/components/Logo.astro (a unit test keeps the two identical). */
export const brandMark = {
  viewBox: 32,
  radius: 8,
  background: '#0f766e',
  foreground: '#fff',
  path: 'M8 22h4v-4H8v4Zm6 0h4v-8h-4v8Zm6 0h4V10h-4v12Z',
} as const;

/**
 * The brand mark as a standalone SVG document, `size` pixels square. `squareCorners` fills the
 * whole square, for Apple's home-screen icon: iOS rounds the corners itself and would paint
 * transparent ones black.
 */
export function brandMarkSvg(size: number, { squareCorners = false } = {}): string {
  const { viewBox, radius, background, foreground, path } = brandMark;
  const corners = squareCorners ? '' : ` rx="${radius}"`;
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}" viewBox="0 0 ${viewBox} ${viewBox}">`,
    `<rect width="${viewBox}" height="${viewBox}"${corners} fill="${background}"/>`,
    `<path d="${path}" fill="${foreground}"/>`,
    '</svg>',
  ].join('');
}

/**
 * The pages' icon: the brand mark written into each page as a `data:` URL, so that a first visit
 * makes no request for it. Fetched as a file, the icon's request often ended just before the first
 * paint, where Lighthouse's simulation counts it towards the largest paint (docs/performance.md).
 * Only the characters a URL may not hold are escaped; quotes become apostrophes.
 */
export const pageIconHref = `data:image/svg+xml,${brandMarkSvg(brandMark.viewBox)
  .replaceAll('"', "'")
  .replace(/[<>#%\s]/g, encodeURIComponent)}`;

/** The square logo referenced by the organisation's structured data. */
export const logoImage = { path: '/logo.png', size: 512 } as const;

/**
 * Icons fetched by convention at the site's root, with no <link> in the pages: `/favicon.ico`
 * (browsers for non-HTML files, feed readers, bookmark tools) and `/apple-touch-icon.png` (iOS
 * home screens). Pages carry their own icon (`pageIconHref`).
 */
export const siteIcons = {
  favicon: { path: '/favicon.ico', sizes: [16, 32, 48] },
  appleTouch: { path: '/apple-touch-icon.png', size: 180 },
} as const;

/** Share images are the size Open Graph and X (Twitter) large cards expect. */
export const shareImageSize = { width: 1200, height: 630 } as const;

/** Where a route's share image is written: `/` → `/og/index.png`, `/services/shopify` → `/og/services/shopify.png`. */
export function shareImagePath(route: string): string {
  if (!route.startsWith('/')) throw new Error(`A route must start with "/": ${route}`);
  const clean = withoutTrailingSlash(route);
  return `/og${clean === '/' ? '/index' : clean}.png`;
}

/** The share image of a page: its own title on the brand's background. */
export function shareImageFor(route: string, title: string, brand: string): ShareImage {
  return { path: shareImagePath(route), alt: `${brand}: ${title}`, ...shareImageSize };
}
