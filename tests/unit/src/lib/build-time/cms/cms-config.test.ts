/**
 * The editor's configuration follows the content schemas: the committed file is what the generator
 * writes now, the editor's own JSON Schema accepts it, and every schema field has its widget.
 */
import { globSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { Ajv } from 'ajv';
import { parse } from 'yaml';
import { beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { cmsConfig, withBackend, type CmsConfig } from '@/lib/build-time/cms/cms-config';
import { humanize, inputSchema, type CmsField } from '@/lib/build-time/cms/cms-fields';
import { generatedConfigText, paths } from '#scripts/cms/generate.ts';
import { loadCollections } from '#scripts/cms/load-collections.ts';
import type { CollectionSource } from '@/lib/build-time/cms/cms-config';
import * as iconPaths from '@/lib/shared/icon-paths';

const editorSchema = JSON.parse(
  readFileSync(resolve('node_modules/@sveltia/cms/schema/sveltia-cms.json'), 'utf8'),
) as object;
const validate = new Ajv({ allErrors: true, strict: false, validateFormats: false }).compile(editorSchema);
const backend = { repo: 'agency/site', branch: 'main' };

type Collection = CmsConfig['collections'][number] & {
  fields?: CmsField[];
  files?: { file: string; label: string; fields: CmsField[] }[];
};
let real: CollectionSource[];
let committed: CmsConfig;

beforeAll(async () => {
  real = await loadCollections(paths.schemas);
  committed = parse(readFileSync(paths.output, 'utf8')) as CmsConfig;
});

const folder = (source: CollectionSource) => source.loader.base.replace(/^\.\//, '');
/** The files on disk a single-file collection's loader reads (its pattern may list several). */
const ownFiles = (source: CollectionSource) =>
  globSync(source.loader.pattern, { cwd: folder(source) }).map((file) => `${folder(source)}/${file}`);
const collection = (config: CmsConfig, name: string) =>
  config.collections.find((c) => c.name === name) as Collection;

/** The field at a dotted path (`packages.items.price`) inside a list of fields. */
function at(fields: CmsField[], path: string): CmsField {
  const [head, ...rest] = path.split('.');
  const found = fields.find((f) => f.name === head);
  if (!found) throw new Error(`no field ${head} (looking for ${path})`);
  if (rest.length === 0) return found;
  const inner = (found.fields as CmsField[] | undefined) ?? [found.field as CmsField];
  return at(inner, rest.join('.'));
}

describe('public/admin/config.yml', () => {
  it('is exactly what `npm run cms:config` writes from the schemas now', async () => {
    expect(readFileSync(paths.output, 'utf8')).toBe(await generatedConfigText());
  });

  it('is accepted by the JSON Schema the editor ships for its configuration', () => {
    const valid = validate(withBackend(committed, backend));
    expect(validate.errors ?? []).toEqual([]);
    expect(valid).toBe(true);
  });

  it('offers every collection, each single-file collection as a page', () => {
    const pages = collection(committed, 'pages').files ?? [];
    expect(pages.find((page) => page.file.endsWith('/404.yaml'))).toMatchObject({ label: 'Not found' });
    expect(pages.find((page) => page.file.endsWith('/blog.yaml'))).toMatchObject({ label: 'Blog' });
    for (const source of real) {
      const single = !source.loader.pattern.includes('*');
      if (single) {
        expect(ownFiles(source).length, source.name).toBeGreaterThan(0);
        for (const file of ownFiles(source)) expect(pages.map((p) => p.file)).toContain(file);
      } else expect(collection(committed, source.name)).toBeDefined();
    }
  });

  it('has every schema field with the widget its type needs', () => {
    const widgets: Record<string, string[]> = {
      string: ['string', 'text', 'image', 'relation'],
      integer: ['number'],
      number: ['number'],
      boolean: ['boolean'],
      object: ['object'],
      array: ['list', 'relation'],
    };
    let checked = 0;
    const walk = (node: Record<string, unknown>, fields: CmsField[], path: string) => {
      const properties = (node.properties ?? {}) as Record<string, Record<string, unknown>>;
      for (const [name, child] of Object.entries(properties)) {
        const found = at(fields, name);
        const expected = Array.isArray(child.enum)
          ? ['select']
          : (widgets[String(child.type)] ?? ['datetime']);
        expect(expected, `${path}.${name}`).toContain(found.widget);
        if (child.type === 'integer') expect(found.value_type, `${path}.${name}`).toBe('int');
        if (child.type === 'number') expect(found.value_type, `${path}.${name}`).toBe('float');
        checked += 1;
        if (child.type === 'object') walk(child, found.fields as CmsField[], `${path}.${name}`);
        const items = child.items as Record<string, unknown> | undefined;
        if (items?.type === 'object') walk(items, found.fields as CmsField[], `${path}.${name}[]`);
      }
    };
    for (const source of real) {
      const own = ownFiles(source);
      const target = collection(committed, source.name) ?? collection(committed, 'pages');
      const files = target.files?.filter((f) => own.includes(f.file));
      for (const fields of files ? files.map((f) => f.fields) : [target.fields ?? []])
        walk(inputSchema(source.schema) as Record<string, unknown>, fields, source.name);
    }
    expect(checked).toBeGreaterThan(200);
  });

  it('edits the Shopify packages’ prices as numbers and the founders’ photos as images', () => {
    const services = collection(committed, 'services').fields ?? [];
    expect(at(services, 'packages.items.price')).toMatchObject({
      widget: 'number',
      value_type: 'float',
      min: 0,
    });
    expect(at(services, 'packages.items.popular')).toMatchObject({ widget: 'boolean', default: false });
    expect(at(services, 'packages.items.features')).toMatchObject({ widget: 'list', min: 1 });
    // Every icon the site draws, and nothing else: a new service may use any of them.
    const icon = at(services, 'card.icon');
    expect(icon.widget).toBe('select');
    expect([...(icon.options as string[])].sort()).toEqual(Object.keys(iconPaths).sort());
    expect(icon.options).toEqual(expect.arrayContaining(['shopify', 'content', 'admin', 'calendar']));
    expect(at(services, 'seo.title')).toMatchObject({ widget: 'string', minlength: 1, maxlength: 60 });
    expect(at(services, 'partner')).toMatchObject({ widget: 'object', required: false });
    const founders = collection(committed, 'founders');
    expect(at(founders.fields ?? [], 'photo').widget).toBe('image');
    expect(founders).toMatchObject({ folder: 'src/content/founders', media_folder: '', public_folder: '' });
    expect(at(collection(committed, 'legal').fields ?? [], 'lastUpdated')).toMatchObject({
      widget: 'datetime',
      required: false,
    });
  });
});

describe('collections like the blog and case studies', () => {
  let config: CmsConfig;
  beforeAll(async () => {
    config = cmsConfig(await loadCollections(resolve('tests/support/fixtures/cms/content.config.ts')));
  });

  it('map references, covers, dates, lists, optional fields and drafts', () => {
    const blog = collection(config, 'blog');
    const fields = blog.fields ?? [];
    expect(blog).toMatchObject({ folder: 'src/content/blog', extension: 'md', media_folder: '' });
    expect(at(fields, 'author')).toMatchObject({
      widget: 'relation',
      collection: 'founders',
      value_field: '{{slug}}',
      display_fields: ['name'],
    });
    expect(at(fields, 'services')).toMatchObject({
      widget: 'relation',
      collection: 'services',
      multiple: true,
      max: 2,
      required: false,
      display_fields: ['{{slug}}'],
    });
    expect(at(fields, 'cover').widget).toBe('image');
    expect(at(fields, 'publishedAt')).toMatchObject({
      widget: 'datetime',
      format: 'YYYY-MM-DD',
      time_format: false,
    });
    expect(at(fields, 'updatedAt').required).toBe(false);
    expect(at(fields, 'draft')).toMatchObject({ widget: 'boolean', default: false });
    expect(at(fields, 'tags')).toMatchObject({
      widget: 'list',
      default: [],
      field: { widget: 'string', minlength: 1 },
    });
    expect(at(fields, 'body').widget).toBe('markdown');
    const study = collection(config, 'case-studies').fields ?? [];
    expect(at(study, 'service')).toMatchObject({ widget: 'relation', collection: 'services' });
    expect(at(study, 'results')).toMatchObject({ widget: 'list', min: 1, max: 4 });
    expect(at(study, 'results.value')).toMatchObject({ widget: 'string', hint: 'The result, e.g. "+40%".' });
    expect(at(study, 'rating')).toMatchObject({
      widget: 'number',
      value_type: 'int',
      min: 1,
      max: 5,
      required: false,
    });
  });

  it('keep one folder per entry when the loader reads */index.md, and refuse other globs', () => {
    const source = (pattern: string) => ({
      name: 'posts',
      loader: { pattern, base: './src/content/posts' },
      schema: z.object({ title: z.string() }),
    });
    expect(cmsConfig([source('*/index.md')]).collections[0]).toMatchObject({
      folder: 'src/content/posts',
      path: '{{slug}}/index',
      extension: 'md',
    });
    expect(cmsConfig([source('*.md')]).collections[0]).not.toHaveProperty('path');
    expect(() => cmsConfig([source('**/*.md')])).toThrow(/posts.*\*\*\/\*\.md/);
  });

  it('are accepted by the editor’s JSON Schema', () => {
    expect(validate(withBackend(config, backend))).toBe(true);
  });
});

describe('the field mapper', () => {
  const source = (schema: z.ZodType, pattern = '*.md', name = 'blog') => ({
    name,
    loader: { pattern, base: './src/content/posts' },
    schema,
  });
  const fieldsFor = (schema: z.ZodType) => collection(cmsConfig([source(schema)]), 'blog').fields ?? [];

  it('refuses a type the form cannot show, naming the field', () => {
    const mixed = z.object({ title: z.string(), mixed: z.union([z.string(), z.number()]) });
    expect(() => cmsConfig([source(mixed)])).toThrow(/blog\.mixed/);
  });

  it('turns "more than" into the next whole number for integers', () => {
    const fields = fieldsFor(z.object({ title: z.string(), count: z.number().int().positive() }));
    expect(at(fields, 'count')).toMatchObject({ widget: 'number', min: 1 });
  });

  it('names entries by title, name, else their first required text field, else the file name', () => {
    const naming = (schema: z.ZodType) => {
      const { identifier_field, summary } = collection(cmsConfig([source(schema)]), 'blog') as Record<
        string,
        unknown
      >;
      return { identifier_field, summary };
    };
    expect(naming(z.object({ name: z.string(), title: z.string() }))).toEqual({});
    expect(naming(z.object({ name: z.string() }))).toEqual({ identifier_field: 'name' });
    expect(
      naming(z.object({ order: z.number(), note: z.string().optional(), breadcrumb: z.string() })),
    ).toEqual({ identifier_field: 'breadcrumb' });
    expect(naming(z.object({ icon: z.enum(['a', 'b']), order: z.number() }))).toEqual({
      summary: '{{slug}}',
    });
  });

  it('labels fields in words', () => {
    expect(humanize('ctaLabel')).toBe('CTA label');
    expect(humanize('case-studies')).toBe('Case studies');
    const pages = collection(
      cmsConfig([source(z.object({ title: z.string() }), '{blog,case-studies}.yaml', 'lists')]),
      'pages',
    );
    expect(pages.files?.map((file) => [file.file, file.label])).toEqual([
      ['src/content/posts/blog.yaml', 'Blog'],
      ['src/content/posts/case-studies.yaml', 'Case studies'],
    ]);
  });
});
