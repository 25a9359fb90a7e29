/**
 * The editor's configuration (Sveltia CMS, Decap-style) built from the content collections: a
 * folder collection per glob over many files, one "Pages" file collection for the collections that
 * are single files, and every field from the same zod schema the build checks.
 */
import type { z } from 'zod';
import { cmsMeta, humanize, inputSchema, objectFields, type CmsField } from './cms-fields.ts';

/** A collection as `src/content.config.ts` declares it, with its glob loader's options. */
export interface CollectionSource {
  name: string;
  /** The glob loader's options: a pattern such as `*.md` or `home.yaml`, and its folder. */
  loader: { pattern: string; base: string };
  schema: z.ZodType;
}

export interface Backend {
  repo: string;
  branch?: string | undefined;
}

type Collection = Record<string, unknown> & { name: string; label: string };

const formats: Record<string, { format: string; body: boolean }> = {
  yaml: { format: 'yaml', body: false },
  yml: { format: 'yaml', body: false },
  json: { format: 'json', body: false },
  md: { format: 'yaml-frontmatter', body: true },
  mdx: { format: 'yaml-frontmatter', body: true },
};

const bodyField: CmsField = {
  name: 'body',
  label: 'Body',
  widget: 'markdown',
  hint: 'The text of the page, in Markdown: ## for a heading, - for a list item.',
};

/** `{a,b}.yaml` → [`a.yaml`, `b.yaml`]; one level of braces, as the loaders use them. */
function expandBraces(pattern: string): string[] {
  const match = /\{([^{}]+)\}/.exec(pattern);
  if (!match) return [pattern];
  return match[1]!.split(',').flatMap((choice) => expandBraces(pattern.replace(match[0], choice)));
}

const folderOf = (base: string) => base.replace(/^\.\//, '').replace(/\/+$/, '');

function fileFormat(collection: string, path: string) {
  const extension = path.split('.').pop() ?? '';
  const format = formats[extension];
  if (!format) throw new Error(`Collection "${collection}": the editor cannot edit .${extension} files`);
  return { extension, ...format };
}

/**
 * The top-level field that names an entry, for lists and relation pickers: `title`, `name`, else
 * the first required plain-text field, else the file name.
 */
function displayField(schema: z.ZodType): string {
  const node = inputSchema(schema);
  const properties = (node.properties ?? {}) as Record<string, Record<string, unknown>>;
  const text = (key: string) =>
    properties[key]?.type === 'string' &&
    !properties[key].enum &&
    !Object.values(cmsMeta).some((m) => properties[key]![m]);
  const required = (node.required ?? []) as string[];
  return ['title', 'name'].find(text) ?? required.find(text) ?? '{{slug}}';
}

function fieldsOf(source: CollectionSource, sources: CollectionSource[], body: boolean): CmsField[] {
  const byName = new Map(sources.map((s) => [s.name, s.schema]));
  const context = {
    displayField: (name: string) => {
      const target = byName.get(name);
      if (!target) throw new Error(`Collection "${source.name}" refers to an unknown collection "${name}"`);
      return displayField(target);
    },
  };
  const fields = objectFields(inputSchema(source.schema), context, source.name);
  return body ? [...fields, bodyField] : fields;
}

// Images live next to the entry that uses them (`./photo.jpg`), as Astro's image() expects.
const hasImage = (fields: CmsField[]): boolean =>
  fields.some(
    (f) =>
      f.widget === 'image' ||
      hasImage((f.fields as CmsField[] | undefined) ?? []) ||
      (f.field ? hasImage([f.field as CmsField]) : false),
  );
const entryMedia = (fields: CmsField[]) => (hasImage(fields) ? { media_folder: '', public_folder: '' } : {});

function folderCollection(source: CollectionSource, sources: CollectionSource[]): Collection {
  const { pattern, base } = source.loader;
  // `*.md`: one file per entry; `*/index.md`: one folder per entry, its images beside it.
  const layout = /^(?:(\*\.)|\*{1,2}\/index\.)[a-z]+$/.exec(pattern);
  if (!layout)
    throw new Error(
      `Collection "${source.name}": the editor reads "*.ext" or "*/index.ext" globs, not "${pattern}"`,
    );
  const { extension, format, body } = fileFormat(source.name, pattern);
  const fields = fieldsOf(source, sources, body);
  const shown = displayField(source.schema);
  return {
    name: source.name,
    label: humanize(source.name),
    folder: folderOf(base),
    extension,
    format,
    ...(layout[1] ? {} : { path: '{{slug}}/index' }),
    create: true,
    // Entries are named by their title or name field, else listed by their file name.
    ...(shown === '{{slug}}'
      ? { summary: '{{slug}}' }
      : shown === 'title'
        ? {}
        : { identifier_field: shown }),
    ...entryMedia(fields),
    fields,
  };
}

function pageFiles(source: CollectionSource, sources: CollectionSource[]) {
  const files = expandBraces(source.loader.pattern);
  return files.map((file) => {
    const { format, body } = fileFormat(source.name, file);
    const stem = file.replace(/\.[^.]+$/, '');
    const fields = fieldsOf(source, sources, body);
    return {
      name: stem,
      // One file: the collection's own name ("Not found" for 404.yaml); several: each file's name.
      label: humanize(files.length === 1 ? source.name : stem),
      file: `${folderOf(source.loader.base)}/${file}`,
      format,
      ...entryMedia(fields),
      fields,
    };
  });
}

const isSingleFiles = (pattern: string) => !/[*?[\]]/.test(pattern);

/** The editor configuration, minus the repository, which the build fills in ({@link withBackend}). */
export function cmsConfig(sources: CollectionSource[]) {
  const folders = sources.filter((s) => !isSingleFiles(s.loader.pattern));
  const singles = sources.filter((s) => isSingleFiles(s.loader.pattern));
  const collections: Collection[] = folders.map((s) => folderCollection(s, sources));
  if (singles.length > 0) {
    const files = singles.flatMap((s) => pageFiles(s, sources)).sort((a, b) => a.file.localeCompare(b.file));
    collections.unshift({ name: 'pages', label: 'Pages', files });
  }
  return {
    // GitHub, signing in through Netlify's OAuth provider (the default `base_url`).
    backend: { name: 'github' } as Record<string, string>,
    // Each save is one commit to the branch; the deploy it triggers publishes it, or fails and
    // leaves the last good version live.
    publish_mode: 'simple',
    // Images inside Markdown bodies; images of a field live next to their entry instead.
    media_folder: 'public/media',
    public_folder: '/media',
    collections,
  };
}

export type CmsConfig = ReturnType<typeof cmsConfig>;

/** The configuration the editor loads: the generated one with this site's repository and branch. */
export function withBackend<T extends { backend: Record<string, string> }>(config: T, backend: Backend): T {
  return {
    ...config,
    backend: { ...config.backend, repo: backend.repo, ...(backend.branch ? { branch: backend.branch } : {}) },
  };
}
