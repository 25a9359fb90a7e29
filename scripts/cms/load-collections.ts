/**
 * Loads a content configuration such as `src/content.config.ts` through Vite (so it may use any
 * import the site uses) with the stand-ins for Astro's content modules, and lists its collections.
 */
import { fileURLToPath } from 'node:url';
import { runnerImport } from 'vite';
import type { z } from 'zod';
import type { CollectionSource } from '../../src/lib/build-time/cms/cms-config.ts';
import { image, type GlobOptions } from './astro-content.ts';

interface Declared {
  loader?: { name?: string; options?: GlobOptions };
  schema?: z.ZodType | ((helpers: { image: typeof image }) => z.ZodType);
}

const stand = fileURLToPath(new URL('./astro-content.ts', import.meta.url));
const src = fileURLToPath(new URL('../../src', import.meta.url));

export async function loadCollections(configFile: string): Promise<CollectionSource[]> {
  const { module } = await runnerImport<{ collections: Record<string, Declared> }>(configFile, {
    configFile: false,
    logLevel: 'error',
    resolve: { alias: { 'astro:content': stand, 'astro/loaders': stand, '@': src } },
  });
  return Object.entries(module.collections).map(([name, declared]) => {
    const options = declared.loader?.options;
    if (!options) throw new Error(`Collection "${name}": the editor needs a glob() loader`);
    if (!declared.schema) throw new Error(`Collection "${name}" has no schema for the editor to follow`);
    const schema = typeof declared.schema === 'function' ? declared.schema({ image }) : declared.schema;
    return { name, loader: { pattern: options.pattern, base: options.base }, schema };
  });
}
