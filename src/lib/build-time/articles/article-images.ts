/**
 * The picture that stands for an entry in structured data and feeds: its cover as a 1200-pixel
 * JPEG (the size search engines ask for), or else its generated share image.
 */
import { getImage } from 'astro:assets';
import type { ImageMetadata } from 'astro';
import { shareImagePath } from '../images/brand-images.ts';

export async function representativeImage(path: string, cover: ImageMetadata | undefined): Promise<string> {
  if (!cover) return shareImagePath(path);
  return (await getImage({ src: cover, width: Math.min(1200, cover.width), format: 'jpg' })).src;
}
