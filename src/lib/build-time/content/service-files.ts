/**
 * The services' content files: where they are (the `services` collection loads them from here),
 * and their header links read straight from them, for the code a collection cannot reach: the
 * phone menu island bundles its links, and Astro's collections exist only on the server.
 * getServices (entries.ts) checks at every build that both readings agree.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { slug } from 'github-slugger';
import { parse } from 'yaml';
import { byServiceOrder, serviceRoute } from '../../shared/routes.ts';

const extension = '.yaml';

/** The glob loader's options of the `services` collection: one YAML file per service. */
export const serviceFiles = { pattern: `*${extension}`, base: './src/content/services' } as const;

export interface ServiceLink {
  href: string;
  label: string;
}

/** One file's id (as Astro's glob loader names it), position and name for the menus. */
function readService(folder: string, file: string) {
  const data = parse(readFileSync(join(folder, file), 'utf8')) as {
    order?: unknown;
    card?: { title?: unknown };
  } | null;
  const order = data?.order;
  const title = data?.card?.title;
  if (typeof order !== 'number' || typeof title !== 'string') {
    throw new Error(`${serviceFiles.base}/${file}: a service needs an order and a card title`);
  }
  return { id: slug(file.slice(0, -extension.length)), order, label: title.trim() };
}

/** Every service's page and card title, in `order`: the services menu, phone menu included. */
export function readServiceLinks(root: string): ServiceLink[] {
  const folder = join(root, serviceFiles.base);
  return readdirSync(folder)
    .filter((file) => file.endsWith(extension))
    .map((file) => readService(folder, file))
    .sort(byServiceOrder)
    .map(({ id, label }) => ({ href: serviceRoute(id), label }));
}
