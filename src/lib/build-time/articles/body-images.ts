/**
 * A Markdown (Sätteri hast) plugin that sends every photo in the text of a post or case study as
 * the cover is sent (src/lib/build-time/images/article-pictures.ts): a <picture> of the same
 * formats and widths, chosen by the screen through `srcset` and `sizes`, whatever the size of the
 * editor's file (a phone's 4032 × 3024 photo included), fetched lazily and decoded off the main
 * thread, since the text comes first. It changes only the pictures Astro will resolve, the ones it
 * found beside the file while reading the Markdown: pictures from public/ or other sites, and any
 * it did not register (a reference-style `![…][name]`), are left as they are.
 *
 * Astro resolves a picture beside the Markdown file (`./photo.jpg`) when the page renders: its
 * own plugin, which runs after the user's, marks each <img> with the options of one `getImage()`
 * call, and the render replaces the mark by the file's attributes (src, srcset, width, height).
 * This plugin writes those marks itself, one a format, because Sätteri keeps no list of numbers
 * (the widths) among an element's properties; Astro's plugin then passes the marked <img> by.
 */
import { articlePictures } from '../images/article-pictures.ts';
import { inFolders, type Element, type FolderOptions } from './hast-plugins.ts';

/** What a plugin sees of Astro's reading of the document: the pictures beside the file it resolves. */
interface VisitContext {
  data: { astro?: { localImagePaths: ReadonlySet<string> } };
}

/** The attribute Astro replaces by a resolved picture's attributes (astro/dist/content/runtime.js). */
const astroImageMark = '__ASTRO_IMAGE_';

const { formats, widths, sizes } = articlePictures;
/** The <img>'s format, read by every browser; the formats before it are offered first, as <source>s. */
const fallbackFormat = formats.at(-1)!;

const marked = (tagName: string, attributes: Record<string, unknown>, options: object): Element => ({
  type: 'element',
  tagName,
  properties: { ...attributes, [astroImageMark]: JSON.stringify(options) },
  children: [],
});

/** The <picture> for a photo beside the Markdown file: `src` as written there, other attributes kept. */
export function bodyPicture(src: string, attributes: Record<string, unknown>): Element {
  const file = { src: decodeURI(src), widths, sizes };
  return {
    type: 'element',
    tagName: 'picture',
    properties: {},
    children: [
      ...formats
        .filter((format) => format !== fallbackFormat)
        // A <source> keeps no src (bodyPictureSources): the smallest width keeps the file Astro makes for it small.
        .map((format) =>
          marked('source', { type: `image/${format}` }, { ...file, format, width: widths[0] }),
        ),
      marked(
        'img',
        {},
        { ...attributes, ...file, format: fallbackFormat, loading: 'lazy', decoding: 'async' },
      ),
    ],
  };
}

/**
 * The rendered text with each <source> fit for a <picture>: Astro writes a resolved picture's
 * attributes as an <img>'s, and a <source> there takes no src, loading or decoding.
 */
export const bodyPictureSources = (html: string) =>
  html.replace(/<source\b[^>]*>/g, (tag) => tag.replace(/\s(?:src|loading|decoding)="[^"]*"/g, ''));

export function bodyImages(options: FolderOptions) {
  const changes = inFolders(options);
  return ({ fileURL }: { fileURL: URL | undefined }) => {
    if (!changes(fileURL)) return null;
    return {
      name: 'body-images',
      element: {
        filter: ['img'],
        visit(node: Element, ctx: VisitContext): Element | undefined {
          const { src, ...attributes } = node.properties ?? {};
          if (typeof src !== 'string' || !ctx.data.astro?.localImagePaths.has(decodeURI(src)))
            return undefined;
          return bodyPicture(src, attributes);
        },
      },
    };
  };
}
