/** The files a build wrote, for the build steps that read its pages back. */
import { readdir } from 'node:fs/promises';
import { join } from 'node:path';

/** Every HTML file under `dir`, at any depth. */
export async function htmlFiles(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true, recursive: true });
  return entries
    .filter((entry) => entry.isFile() && entry.name.endsWith('.html'))
    .map((entry) => join(entry.parentPath, entry.name));
}
