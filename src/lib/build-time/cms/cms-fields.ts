/**
 * Turns one collection's zod schema into the editor's form fields (Sveltia CMS, Decap-style config).
 * The schema is first converted with zod's own `toJSONSchema`, so every limit, default, enum and
 * description the build checks reaches the form; a type the form cannot show fails loudly.
 */
import { z } from 'zod';

/** Metadata keys the content helpers put on schemas the JSON Schema alone cannot tell apart. */
export const cmsMeta = { image: 'x-cms-image', relation: 'x-cms-relation', date: 'x-cms-date' } as const;

export type CmsField = { name: string; label: string; widget: string } & Record<string, unknown>;
type Node = Record<string, unknown> & {
  type?: string;
  properties?: Record<string, Node>;
  required?: string[];
  items?: Node;
  enum?: unknown[];
};

/** What the field mapper needs to know about the other collections. */
interface FieldContext {
  /** The field shown in relation pickers for a collection, e.g. `name` for founders. */
  displayField: (collection: string) => string;
}

const safeInteger = Number.MAX_SAFE_INTEGER;
// Strings under these names hold sentences, so they get a multi-line box.
const proseNames = /^(description|intro|text|answer|subline|hint)$/;

/** The JSON Schema of a zod schema as an editor fills it in (input side, dates marked). */
export function inputSchema(schema: z.ZodType): Node {
  return z.toJSONSchema(schema, {
    io: 'input',
    unrepresentable: 'any',
    override: (ctx) => {
      if ((ctx.zodSchema as { _zod: { def: { type: string } } })._zod.def.type === 'date')
        ctx.jsonSchema[cmsMeta.date] = true;
    },
  }) as Node;
}

const acronyms = /\b(seo|faq|cta|url)\b/g;

/** `ctaLabel` → "CTA label", `photoAlt` → "Photo alt": labels from field names. */
export function humanize(name: string): string {
  const words = name
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/[-_]+/g, ' ')
    .toLowerCase()
    .replace(acronyms, (word) => word.toUpperCase());
  return words.charAt(0).toUpperCase() + words.slice(1);
}

function limits(node: Node, min: string, max: string, names: [string, string]) {
  const out: Record<string, number> = {};
  const low = node[min];
  const high = node[max];
  if (typeof low === 'number' && low > -safeInteger) out[names[0]] = low;
  if (typeof high === 'number' && high < safeInteger) out[names[1]] = high;
  return out;
}

function numberField(node: Node) {
  const integer = node.type === 'integer';
  const bounds = limits(node, 'minimum', 'maximum', ['min', 'max']);
  // The form can only say "at least"; an integer's "more than n" is exactly "at least n + 1".
  const above = node.exclusiveMinimum;
  if (typeof above === 'number') bounds.min = integer ? above + 1 : above;
  return { widget: 'number', value_type: integer ? 'int' : 'float', ...bounds };
}

function stringField(name: string, node: Node) {
  return {
    widget: proseNames.test(name) ? 'text' : 'string',
    ...limits(node, 'minLength', 'maxLength', ['minlength', 'maxlength']),
  };
}

function relationField(node: Node, context: FieldContext) {
  const collection = String(node[cmsMeta.relation]);
  const shown = context.displayField(collection);
  return {
    widget: 'relation',
    collection,
    value_field: '{{slug}}',
    search_fields: [shown],
    display_fields: [shown],
  };
}

/** The widget-specific part of a field; `path` names the field in errors. */
function widgetFor(name: string, node: Node, context: FieldContext, path: string): Record<string, unknown> {
  if (node[cmsMeta.image]) return { widget: 'image' };
  if (node[cmsMeta.relation]) return relationField(node, context);
  if (node[cmsMeta.date]) return { widget: 'datetime', format: 'YYYY-MM-DD', time_format: false };
  if (Array.isArray(node.enum)) return { widget: 'select', options: node.enum };
  switch (node.type) {
    case 'boolean':
      return { widget: 'boolean' };
    case 'integer':
    case 'number':
      return numberField(node);
    case 'string':
      return stringField(name, node);
    case 'object':
      return { widget: 'object', fields: objectFields(node, context, path) };
    case 'array':
      return listField(name, node, context, path);
  }
  throw new Error(
    `The editor cannot show ${path}: its schema type is not supported (${JSON.stringify(node)})`,
  );
}

function listField(name: string, node: Node, context: FieldContext, path: string) {
  const items = node.items ?? {};
  const counts = limits(node, 'minItems', 'maxItems', ['min', 'max']);
  if (items[cmsMeta.relation]) return { ...relationField(items, context), multiple: true, ...counts };
  if (items.type === 'object')
    return { widget: 'list', ...counts, fields: objectFields(items, context, `${path}[]`) };
  const item = field('item', items, true, context, `${path}[]`);
  return { widget: 'list', ...counts, field: { ...item, label: humanize(name) } };
}

/** One form field for a property of an object schema. */
function field(name: string, node: Node, required: boolean, context: FieldContext, path = name): CmsField {
  const result: CmsField = {
    name,
    label: humanize(name),
    ...widgetFor(name, node, context, path),
  } as CmsField;
  if (typeof node.description === 'string') result.hint = node.description;
  if (node.default !== undefined) result.default = node.default;
  if (!required) result.required = false;
  return result;
}

/** The form fields of an object schema, in the schema's order. */
export function objectFields(node: Node, context: FieldContext, path = ''): CmsField[] {
  if (node.type !== 'object' || !node.properties)
    throw new Error(`The editor needs an object schema at ${path || 'the top level'}`);
  const required = new Set(node.required ?? []);
  return Object.entries(node.properties).map(([name, child]) =>
    field(name, child, required.has(name), context, path ? `${path}.${name}` : name),
  );
}
