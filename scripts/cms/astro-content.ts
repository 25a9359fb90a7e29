/**
 * Stand-ins for `astro:content` and `astro/loaders` while the editor's configuration is generated:
 * outside Astro those modules do not exist, and the real loaders hide their folder and pattern.
 * Each helper keeps what the form needs (the referenced collection, the files) on the schema.
 */
import { z } from 'zod';
import { cmsMeta } from '../../src/lib/build-time/cms/cms-fields.ts';

export const defineCollection = <T>(config: T): T => config;

/** A reference to an entry of another collection, stored as the entry's id (its file name). */
export const reference = (collection: string) => z.string().meta({ [cmsMeta.relation]: collection });

/** What `image()` in a schema function stands for: a path to an image next to the entry. */
export const image = () => z.string().meta({ [cmsMeta.image]: true });

export interface GlobOptions {
  pattern: string;
  base: string;
}

export const glob = (options: GlobOptions) => ({ name: 'glob-loader', options });

export const file = (path: string) => {
  throw new Error(`The editor cannot edit the file() loader yet (${path}); use glob()`);
};
