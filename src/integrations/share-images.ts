/**
 * Draws the brand images at the end of `astro build`: the square logo the structured data names
 * (`/logo.png`), the icons clients fetch by convention (`/favicon.ico`, `/apple-touch-icon.png`),
 * and a 1200×630 share image for every built page whose `og:image` points at a file under `/og/`
 * that the build does not already hold. BaseLayout gives each indexable page its own image path
 * (src/lib/build-time/images/brand-images.ts); pages kept out of search keep the default image.
 *
 * Why from the built pages: the title drawn on each image is read from the page's own <title>,
 * which the page rendered from its content file. There is no second list of routes and titles to
 * keep in step, an image can never disagree with its page, and a new page gets its image without
 * touching this file.
 *
 * An article's image also shows its date, read from the page's `article:published_time`.
 *
 * share-image-drawing.ts draws them (fonts from @fontsource/inter, read once per build), all
 * images at once on libuv's thread pool. Each image is kept in Astro's cache directory under the
 * hash of its title, date, identity and template (content-cache.ts), so a rebuild draws only the
 * images whose page changed.
 */
import { mkdir, readFile, stat, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { AstroIntegration } from 'astro';
import { logoImage, siteIcons } from '../lib/build-time/images/brand-images.ts';
import { pageTitle } from '../lib/build-time/head.ts';
import { longDate } from '../lib/shared/dates.ts';
import { htmlElements } from '../lib/build-time/html-elements.ts';
import { htmlFiles } from './built-files.ts';
import { contentCache, contentKey } from './content-cache.ts';
import {
  renderAppleTouchIcon,
  renderFavicon,
  renderLogo,
  renderShareImage,
  type ShareImageIdentity,
} from './share-image-drawing.ts';

/** What a built page asks of its share image: where it lives, the title and (articles) the date to draw. */
function shareImageRequest(html: string, identity: ShareImageIdentity) {
  const elements = htmlElements(html);
  const meta = (property: string) =>
    elements.find(({ name, attributes }) => name === 'meta' && attributes['property'] === property)
      ?.attributes['content'];
  const published = meta('article:published_time');
  const imageUrl = meta('og:image');
  const rawTitle = elements.find(({ name }) => name === 'title')?.text;
  if (!imageUrl || rawTitle === undefined) return undefined;
  const url = new URL(imageUrl);
  if (url.origin !== new URL(identity.url).origin || !url.pathname.startsWith('/og/')) return undefined;
  const fullTitle = rawTitle.trim();
  // The <title> is "Page | Brand" (pageTitle in src/lib/build-time/head.ts): the image shows the brand apart.
  const suffix = pageTitle('', identity.brand);
  const title = fullTitle.endsWith(suffix) ? fullTitle.slice(0, -suffix.length) : fullTitle;
  const date = published ? longDate(new Date(published), identity.locale) : undefined;
  return { path: decodeURIComponent(url.pathname), title, ...(date && { date }) };
}

const exists = (file: string) =>
  stat(file).then(
    () => true,
    () => false,
  );

async function writeFileDeep(file: string, contents: Buffer) {
  await mkdir(dirname(file), { recursive: true });
  await writeFile(file, contents);
}

/**
 * What every image is drawn with besides its own words: this template, the brand module, and the
 * versions of the fonts and renderers. A change to any of them redraws every image.
 */
const require = createRequire(import.meta.url);

async function templateFingerprint(): Promise<string> {
  const sources = [
    './share-images.ts',
    './share-image-drawing.ts',
    '../lib/build-time/images/brand-images.ts',
  ].map((path) => readFile(fileURLToPath(new URL(path, import.meta.url))));
  const versions = ['satori', '@resvg/resvg-js', '@fontsource/inter'].map(
    (name) => (require(`${name}/package.json`) as { version: string }).version,
  );
  return contentKey(...(await Promise.all(sources)), ...versions);
}

interface ShareImageCounts {
  images: number;
  drawn: number;
  reused: number;
}

/** The build log's count of share images, and reading it back (the build bench reports it). */
export const shareImageSummary = {
  write: ({ images, drawn, reused }: ShareImageCounts) =>
    `${images} share images (${drawn} drawn, ${reused} from the cache)`,
  read(output: string): ShareImageCounts | undefined {
    const match = /(\d+) share images \((\d+) drawn, (\d+) from the cache\)/.exec(output);
    if (!match) return undefined;
    return { images: Number(match[1]), drawn: Number(match[2]), reused: Number(match[3]) };
  },
};

export function shareImages(identity: ShareImageIdentity): AstroIntegration {
  let publicDir = '';
  let cacheDir = '';
  return {
    name: 'share-images',
    hooks: {
      'astro:config:done': ({ config }) => {
        publicDir = fileURLToPath(config.publicDir);
        cacheDir = fileURLToPath(new URL('share-images/', config.cacheDir));
      },
      'astro:build:done': async ({ dir, logger }) => {
        const started = performance.now();
        const out = fileURLToPath(dir);
        const wanted = new Map<string, { title: string; date?: string; page: string }>();
        for (const file of await htmlFiles(out)) {
          const request = shareImageRequest(await readFile(file, 'utf8'), identity);
          // An image the public/ folder provides (the default one) is left as it is.
          if (!request || (await exists(join(publicDir, request.path)))) continue;
          const page = file.slice(out.length);
          const earlier = wanted.get(request.path);
          if (earlier && (earlier.title !== request.title || earlier.date !== request.date)) {
            throw new Error(`${earlier.page} and ${page} both use ${request.path} with different titles`);
          }
          wanted.set(request.path, { ...request, page });
        }
        const template = await templateFingerprint();
        const cache = contentCache(cacheDir, '.png');
        const draw = (title: string, date: string | undefined) =>
          cache.get(contentKey(template, JSON.stringify([title, date ?? '', identity])), () =>
            renderShareImage(title, identity, date),
          );
        await Promise.all([
          renderLogo().then((png) => writeFileDeep(join(out, logoImage.path), png)),
          renderFavicon().then((ico) => writeFileDeep(join(out, siteIcons.favicon.path), ico)),
          renderAppleTouchIcon().then((png) => writeFileDeep(join(out, siteIcons.appleTouch.path), png)),
          ...[...wanted].map(async ([path, { title, date }]) =>
            writeFileDeep(join(out, path), await draw(title, date)),
          ),
        ]);
        await cache.prune();
        const took = Math.round(performance.now() - started);
        const { drawn, reused } = cache.counts;
        logger.info(
          `${shareImageSummary.write({ images: wanted.size, drawn, reused })}, the logo and the site icons in ${took}ms`,
        );
      },
    },
  };
}
