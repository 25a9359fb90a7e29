/**
 * How a post's or case study's pictures reach a reader: the cover (src/components/articles/ArticleLayout.astro)
 * and every photo in the text (src/lib/build-time/articles/body-images.ts), whatever the size of the editor's file.
 */

/** The widest the article column shows a picture, in CSS pixels (max-w-3xl less its padding, from 768 px). */
export const articleColumnWidth = 720;

/**
 * The formats and widths made of each picture: a phone 412 px wide at 2.6 dots per CSS pixel takes
 * the 1,200, Lighthouse's phone (1.75) the 800, and the column on a desktop's 2x screen the 1,200.
 */
export const articlePictures = {
  formats: ['avif', 'webp'] as Array<'avif' | 'webp'>,
  widths: [480, 800, 1200],
  sizes: `(min-width: 768px) ${articleColumnWidth}px, 100vw`,
};
