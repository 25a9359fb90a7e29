/**
 * The founders' content entries as src/lib/build-time/structured-data/structured-data.ts takes them, with the photo the about
 * page shows. Kept apart from the pure module because it needs Astro's image pipeline.
 */
import { getImage } from 'astro:assets';
import type { CollectionEntry } from 'astro:content';
import type { FounderContent } from './structured-data.ts';

/** The same 480-pixel JPEG the profile's <picture> offers as its fallback, so no extra file is built. */
export async function founderContent(
  founders: readonly CollectionEntry<'founders'>[],
): Promise<FounderContent[]> {
  return Promise.all(
    founders.map(async ({ id, data }) => {
      const photo = await getImage({ src: data.photo, width: 480, format: 'jpg' });
      return { id, name: data.name, role: data.role, focus: data.focus, image: photo.src };
    }),
  );
}
