import { readFileSync, readdirSync } from 'node:fs';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { pathToFileURL } from 'node:url';
import { dirname, join, relative, resolve } from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import {
  brandMark,
  brandMarkSvg,
  logoImage,
  pageIconHref,
  shareImageFor,
  shareImagePath,
  siteIcons,
} from '@/lib/build-time/images/brand-images';
import {
  renderAppleTouchIcon,
  renderFavicon,
  renderLogo,
  renderShareImage,
} from '#src/integrations/share-image-drawing.ts';
import { shareImages } from '#src/integrations/share-images.ts';
import { readIco } from '#support/ico.ts';

// The element tree each share image is drawn from, as satori receives it (then drawn for real).
const drawn = vi.hoisted(() => [] as unknown[]);
vi.mock('satori', async (importOriginal) => {
  const real = (await importOriginal<typeof import('satori')>()).default;
  return {
    default: (element: Parameters<typeof real>[0], options: Parameters<typeof real>[1]) => {
      drawn.push(element);
      return real(element, options);
    },
  };
});

/** The layout of the share image drawn for `title` (and an article's `date`), as JSON. */
async function shareImageLayout(title: string, date?: string): Promise<string> {
  drawn.length = 0;
  await renderShareImage(title, identity, date);
  expect(drawn).toHaveLength(1);
  return JSON.stringify(drawn[0]);
}

const identity = {
  brand: 'Northlight',
  tagline: 'Stores that sell',
  url: 'https://www.studio.example',
  locale: 'en-GB',
};

/** Width and height from a PNG's IHDR chunk, after checking the signature. */
function pngSize(png: Buffer) {
  expect(png.subarray(0, 8)).toEqual(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]));
  expect(png.subarray(12, 16).toString('latin1')).toBe('IHDR');
  return { width: png.readUInt32BE(16), height: png.readUInt32BE(20) };
}

const page = (title: string, image: string) =>
  `<html><head><title>${title}</title><meta property="og:image" content="${image}"></head></html>`;

describe('share image paths', () => {
  it('follow the route, home being index', () => {
    expect(shareImagePath('/')).toBe('/og/index.png');
    expect(shareImagePath('/about')).toBe('/og/about.png');
    expect(shareImagePath('/services/shopify/')).toBe('/og/services/shopify.png');
    expect(() => shareImagePath('about')).toThrow();
  });

  it('come with the size and a description of the image', () => {
    expect(shareImageFor('/about', 'About', 'Northlight')).toEqual({
      path: '/og/about.png',
      alt: 'Northlight: About',
      width: 1200,
      height: 630,
    });
  });
});

describe('the brand mark', () => {
  const expectMark = (drawn: string) => {
    const size = brandMark.viewBox;
    expect(drawn).toContain(`viewBox="0 0 ${size} ${size}"`);
    expect(drawn).toContain(`rx="${brandMark.radius}" fill="${brandMark.background}"`);
    expect(drawn).toContain(`d="${brandMark.path}" fill="${brandMark.foreground}"`);
  };

  it('is the one the site header draws', () => {
    expectMark(
      readFileSync(resolve(import.meta.dirname, '../../../..', 'src/components/Logo.astro'), 'utf8'),
    );
  });

  it("is the pages' icon, as a data: URL a page validator and every browser read", () => {
    const [, scheme, data] = /^(data:image\/svg\+xml,)(.*)$/.exec(pageIconHref) ?? [];
    expect(scheme).toBeDefined();
    // Only characters a URL holds as they are: no space, angle bracket, hash or double quote.
    expect(data).toMatch(/^[\w%'/:=.,;+-]+$/);
    expectMark(decodeURIComponent(data ?? '').replaceAll("'", '"'));
  });

  it('fills its whole square when asked, for icons the platform rounds itself', () => {
    expect(brandMarkSvg(180)).toContain(`rx="${brandMark.radius}"`);
    expect(brandMarkSvg(180, { squareCorners: true })).not.toContain('rx=');
    expect(brandMarkSvg(180, { squareCorners: true })).toContain('width="180" height="180"');
  });
});

/**
 * Runs the integration's build step over `pages` (file → HTML) in a fresh output folder, and
 * returns the share images it wrote and the layouts it drew them from (as JSON).
 */
async function buildShareImages(pages: Record<string, string>) {
  const root = await mkdtemp(join(tmpdir(), 'share-images-'));
  try {
    const out = join(root, 'dist');
    for (const [file, html] of Object.entries(pages)) {
      await mkdir(dirname(join(out, file)), { recursive: true });
      await writeFile(join(out, file), html);
    }
    const hooks = shareImages(identity).hooks as Record<string, (options: unknown) => Promise<void> | void>;
    const folder = (name: string) => pathToFileURL(`${join(root, name)}/`);
    await hooks['astro:config:done']!({ config: { publicDir: folder('public'), cacheDir: folder('cache') } });
    drawn.length = 0;
    await hooks['astro:build:done']!({ dir: folder('dist'), logger: { info: () => {} } });
    const layouts = drawn.map((element) => JSON.stringify(element));
    const written = readdirSync(join(out, 'og'), { recursive: true, withFileTypes: true })
      .filter((entry) => entry.isFile())
      .map((entry) => `/${relative(out, join(entry.parentPath, entry.name))}`)
      .sort();
    return { written, layouts };
  } finally {
    await rm(root, { recursive: true, force: true });
  }
}

describe('reading what a built page asks for', () => {
  it('takes the title without the brand, as the page wrote it, and an article’s date the UK way', async () => {
    const { written, layouts } = await buildShareImages({
      'services/shopify.html': page(
        'Shopify Builds &amp; Optimisation | Northlight',
        'https://www.studio.example/og/services/shopify.png',
      ),
      'blog/five.html': page(
        'Five quick wins | Northlight',
        'https://www.studio.example/og/blog/five.png',
      ).replace('</head>', '<meta property="article:published_time" content="2026-11-02"></head>'),
      'x.html': '<title>x</title>',
      'elsewhere.html': page('x', 'https://elsewhere.example/og/x.png'),
      'images.html': page('x', 'https://www.studio.example/images/x.png'),
    });
    // Pages without a generated image are left alone: only the two images are drawn.
    expect(written).toEqual(['/og/blog/five.png', '/og/services/shopify.png']);
    expect(layouts).toHaveLength(2);
    const shopify = layouts.find((layout) => layout.includes('Shopify'))!;
    expect(shopify).toContain('"Shopify Builds & Optimisation"');
    expect(shopify).not.toContain('| Northlight');
    expect(shopify).not.toContain('November');
    const article = layouts.find((layout) => layout.includes('"Five quick wins"'))!;
    expect(article).toContain('"2 November 2026"');
  });
});

describe('the layout', () => {
  const text = (title: string) => shareImageLayout(title);

  it('shows the title, the brand, the tagline and the address', async () => {
    const layout = await text('About');
    for (const part of ['"About"', '"Northlight"', '"Stores that sell"', '"studio.example"']) {
      expect(layout).toContain(part);
    }
  });

  it('shows an article’s date where the tagline would be', async () => {
    const layout = await shareImageLayout('Five quick wins', '2 November 2026');
    expect(layout).toContain('"2 November 2026"');
    expect(layout).not.toContain('Stores that sell');
  });

  it('does not repeat the tagline when it is the title', async () => {
    expect((await text('Stores That Sell')).match(/stores that sell/gi)).toHaveLength(1);
  });
});

describe('rendering', () => {
  it('draws a 1200×630 PNG per title, different for different titles', async () => {
    const [about, contact] = await Promise.all([
      renderShareImage('About', identity),
      renderShareImage('Contact', identity),
    ]);
    expect(pngSize(about)).toEqual({ width: 1200, height: 630 });
    expect(pngSize(contact)).toEqual({ width: 1200, height: 630 });
    expect(about.equals(contact)).toBe(false);
  });

  it('draws the square logo', async () => {
    expect(pngSize(await renderLogo())).toEqual({ width: logoImage.size, height: logoImage.size });
  });

  it('draws /favicon.ico with a PNG of the mark at each of its sizes', async () => {
    const { type, entries } = readIco(await renderFavicon());
    expect(type).toBe(1);
    expect(entries.map(({ width }) => width)).toEqual(siteIcons.favicon.sizes);
    for (const { width, height, data } of entries) {
      expect(pngSize(data)).toEqual({ width, height });
    }
  });

  it("draws Apple's home-screen icon at its size", async () => {
    const size = siteIcons.appleTouch.size;
    expect(pngSize(await renderAppleTouchIcon())).toEqual({ width: size, height: size });
  });
});
