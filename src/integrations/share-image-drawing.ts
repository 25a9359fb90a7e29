/**
 * Drawing the brand images: the 1200×630 share image of a page (satori lays it out, resvg
 * rasterises it) and the brand mark as the logo and site icons. src/integrations/share-images.ts
 * decides which images a build needs and where they go. Fonts come from @fontsource/inter in
 * node_modules (satori reads WOFF, not WOFF2).
 */
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { renderAsync } from '@resvg/resvg-js';
import satori, { type Font } from 'satori';
import {
  brandMark,
  brandMarkSvg,
  logoImage,
  shareImageSize,
  siteIcons,
} from '../lib/build-time/images/brand-images.ts';
import { encodeIco } from '../lib/build-time/images/ico.ts';

export interface ShareImageIdentity {
  brand: string;
  tagline: string;
  /** Absolute origin of the site; its host is printed on every image. */
  url: string;
  /** BCP 47 locale the dates are written in, e.g. en-GB. */
  locale: string;
}

/** Ink and accent as in src/styles/global.css; light slate for the small print. */
const colours = { ink: '#0f172a', accent: brandMark.background, text: '#ffffff', muted: '#cbd5e1' };

const require = createRequire(import.meta.url);
const fontFile = (weight: number) =>
  require.resolve(`@fontsource/inter/files/inter-latin-${weight}-normal.woff`);

let fontsLoaded: Promise<Font[]> | undefined;

/** Inter at the three weights the images use, read from disk once and reused by every image. */
function loadFonts(): Promise<Font[]> {
  fontsLoaded ??= Promise.all(
    ([400, 700, 800] as const).map(async (weight) => ({
      name: 'Inter',
      data: await readFile(fontFile(weight)),
      weight,
      style: 'normal' as const,
    })),
  );
  return fontsLoaded;
}

type Style = Record<string, string | number>;
interface Box {
  type: string;
  props: {
    style?: Style;
    src?: string;
    width?: number;
    height?: number;
    children?: (Box | string)[] | string;
  };
}
const el = (type: string, style: Style, children?: Box['props']['children']): Box => ({
  type,
  props: { style, ...(children !== undefined && { children }) },
});

/**
 * The layout of one share image: brand at the top, the title big, tagline (or an article's date)
 * and address at the foot.
 */
function shareImageLayout(title: string, identity: ShareImageIdentity, date?: string): Box {
  const markSize = 72;
  const mark: Box = {
    type: 'img',
    props: {
      src: `data:image/svg+xml;base64,${Buffer.from(brandMarkSvg(markSize)).toString('base64')}`,
      width: markSize,
      height: markSize,
    },
  };
  // On the home page the title is the tagline: say it once.
  const tagline = date ?? (title.toLowerCase() === identity.tagline.toLowerCase() ? '' : identity.tagline);
  const host = new URL(identity.url).host.replace(/^www\./, '');
  return el(
    'div',
    {
      ...shareImageSize,
      boxSizing: 'border-box',
      display: 'flex',
      flexDirection: 'column',
      justifyContent: 'space-between',
      padding: '72px 80px 64px',
      backgroundColor: colours.ink,
      borderBottom: `16px solid ${colours.accent}`,
      color: colours.text,
      fontFamily: 'Inter',
    },
    [
      el('div', { display: 'flex', alignItems: 'center', gap: 24, fontSize: 44, fontWeight: 800 }, [
        mark,
        identity.brand,
      ]),
      el(
        'div',
        {
          display: 'flex',
          fontSize: title.length > 60 ? 60 : title.length > 32 ? 72 : 88,
          fontWeight: 800,
          lineHeight: 1.08,
          letterSpacing: '-0.02em',
          maxWidth: 1000,
        },
        title,
      ),
      el(
        'div',
        {
          display: 'flex',
          justifyContent: 'space-between',
          alignItems: 'center',
          fontSize: 30,
          fontWeight: 400,
          color: colours.muted,
        },
        [el('div', { display: 'flex' }, tagline), el('div', { display: 'flex', fontWeight: 700 }, host)],
      ),
    ],
  );
}

const rasterOptions = { font: { loadSystemFonts: false }, fitTo: { mode: 'original' } } as const;

/** One page's share image as PNG bytes. */
export async function renderShareImage(
  title: string,
  identity: ShareImageIdentity,
  date?: string,
): Promise<Buffer> {
  const fonts = await loadFonts();
  // satori's element type is React's; our plain { type, props } tree is what it walks.
  const svg = await satori(
    shareImageLayout(title, identity, date) as unknown as Parameters<typeof satori>[0],
    {
      ...shareImageSize,
      fonts,
    },
  );
  return (await renderAsync(svg, rasterOptions)).asPng();
}

const renderMark = async (size: number, options?: Parameters<typeof brandMarkSvg>[1]) =>
  (await renderAsync(brandMarkSvg(size, options), rasterOptions)).asPng();

/** The square logo as PNG bytes. */
export const renderLogo = () => renderMark(logoImage.size);

/** `/favicon.ico`: the brand mark at each size the file holds. */
export async function renderFavicon(): Promise<Buffer> {
  const sizes = siteIcons.favicon.sizes;
  return encodeIco(await Promise.all(sizes.map(async (size) => ({ size, png: await renderMark(size) }))));
}

/** `/apple-touch-icon.png`: the brand mark filling its square. */
export const renderAppleTouchIcon = () => renderMark(siteIcons.appleTouch.size, { squareCorners: true });
