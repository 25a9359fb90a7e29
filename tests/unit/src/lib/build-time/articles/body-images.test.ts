import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import { bodyImages, bodyPictureSources } from '#src/lib/build-time/articles/body-images.ts';
import { articlePictures } from '#src/lib/build-time/images/article-pictures.ts';

const folders = ['src/content/blog'];
const image = (src: string) => ({
  type: 'element' as const,
  tagName: 'img',
  properties: { src, alt: 'The team at work' },
});
const plugin = bodyImages({ folders })({ fileURL: pathToFileURL('/site/src/content/blog/post.md') })!;
/** Astro's reading of the Markdown: the pictures beside the file it found, as written there. */
const ctx = { data: { astro: { localImagePaths: new Set(['./team photo.jpg', './photo.jpg']) } } };
/** The options Astro's render passes to getImage() for each marked element. */
const options = (element: { properties?: Record<string, unknown> }) =>
  JSON.parse(String(element.properties?.['__ASTRO_IMAGE_'])) as Record<string, unknown>;

describe('photos in the text of a post', () => {
  it('become a <picture> of the cover’s formats and widths, lazy, whatever their size', () => {
    expect(plugin.element.filter).toEqual(['img']);
    const picture = plugin.element.visit(image('./team%20photo.jpg'), ctx)!;
    expect(picture.tagName).toBe('picture');
    const children = picture.children as { tagName: string; properties: Record<string, unknown> }[];
    expect(children.map(({ tagName }) => tagName)).toEqual([
      ...articlePictures.formats.slice(1).map(() => 'source'),
      'img',
    ]);
    const [fallback, ...offered] = [...articlePictures.formats].reverse();
    const { widths, sizes } = articlePictures;
    expect(options(children.at(-1)!)).toEqual({
      src: './team photo.jpg',
      alt: 'The team at work',
      widths,
      sizes,
      format: fallback,
      loading: 'lazy',
      decoding: 'async',
    });
    offered.reverse().forEach((format, index) => {
      expect(children[index]!.properties['type']).toBe(`image/${format}`);
      expect(options(children[index]!)).toMatchObject({ src: './team photo.jpg', widths, sizes, format });
    });
    expect(articlePictures.formats).toEqual(['avif', 'webp']);
  });

  it('leave pictures Astro does not resolve, and Markdown outside the article folders, alone', () => {
    // From public/, from another site, or written reference-style (![…][name]), which Astro does not register.
    for (const src of ['/media/photo.jpg', 'https://images.example/photo.jpg', './reference.jpg'])
      expect(plugin.element.visit(image(src), ctx), src).toBeUndefined();
    expect(plugin.element.visit(image('./photo.jpg'), { data: {} })).toBeUndefined();
    const factory = bodyImages({ folders });
    expect(factory({ fileURL: pathToFileURL('/site/src/content/legal/privacy.md') })).toBeNull();
    expect(factory({ fileURL: undefined })).toBeNull();
  });

  it('keep no src, loading or decoding on a rendered <source>, and every attribute of the <img>', () => {
    const rendered =
      '<picture><source type="image/avif" sizes="100vw" width="480" height="360" src="/a.avif" srcset="/a1.avif 480w" loading="lazy" decoding="async">' +
      '<img alt="x" loading="lazy" decoding="async" src="/a.webp" srcset="/a1.webp 480w"></picture>';
    expect(bodyPictureSources(rendered)).toBe(
      '<picture><source type="image/avif" sizes="100vw" width="480" height="360" srcset="/a1.avif 480w">' +
        '<img alt="x" loading="lazy" decoding="async" src="/a.webp" srcset="/a1.webp 480w"></picture>',
    );
  });
});
