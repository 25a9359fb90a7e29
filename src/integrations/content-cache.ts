/**
 * Build outputs kept between builds by the hash of everything they are drawn from, in Astro's cache
 * directory (which Netlify keeps between builds): a rebuild after one edit redraws one share image.
 * Files a build did not use are removed at its end, so the folder never outgrows the site.
 */
import { createHash } from 'node:crypto';
import { mkdir, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';

/** A key for a set of inputs: the same inputs, the same key; any change, another key. */
export function contentKey(...inputs: readonly (string | Buffer)[]): string {
  const hash = createHash('sha256');
  for (const input of inputs) hash.update(`${input.length}:`).update(input);
  return hash.digest('hex');
}

interface ContentCache {
  /** The bytes stored under `key`, or `draw()`'s, stored for next time. */
  get(key: string, draw: () => Promise<Buffer>): Promise<Buffer>;
  /** How many `get` calls drew, and how many were served from the folder. */
  readonly counts: { drawn: number; reused: number };
  /** Removes every stored file no `get` asked for in this build. */
  prune(): Promise<void>;
}

export function contentCache(dir: string, extension: string): ContentCache {
  const used = new Set<string>();
  const counts = { drawn: 0, reused: 0 };
  const file = (key: string) => join(dir, `${key}${extension}`);
  return {
    counts,
    async get(key, draw) {
      used.add(`${key}${extension}`);
      const stored = await readFile(file(key)).catch(() => undefined);
      if (stored) {
        counts.reused += 1;
        return stored;
      }
      const bytes = await draw();
      await mkdir(dir, { recursive: true });
      await writeFile(file(key), bytes);
      counts.drawn += 1;
      return bytes;
    },
    async prune() {
      const names = await readdir(dir).catch(() => [] as string[]);
      await Promise.all(
        names.filter((name) => !used.has(name)).map((name) => rm(join(dir, name), { force: true })),
      );
    },
  };
}
