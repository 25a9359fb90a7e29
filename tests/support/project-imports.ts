/**
 * Where an import specifier points in the project, for the tests that read the import graph
 * (tests/unit/import-cycles.test.ts, tests/unit/no-test-only-exports.test.ts): relative paths,
 * the `@/` alias of pages and components, and package.json's subpath imports (`#src/*` →
 * `./src/*`), which the tests import through.
 */
import { readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';

const project = resolve(import.meta.dirname, '../..');

const subpathImports = Object.entries(
  (JSON.parse(readFileSync(join(project, 'package.json'), 'utf8')) as { imports: Record<string, string> })
    .imports,
).map(([alias, target]) => [alias.replace(/\*$/, ''), target.replace(/^\.\/|\*$/g, '')] as const);

/**
 * The path `specifier`, imported by the file at `from` (both relative to the project, or both
 * absolute), names before any extension is tried; undefined for a package's.
 */
export function specifiedPath(from: string, specifier: string): string | undefined {
  const root = from.startsWith('/') ? project : '';
  const aliased = subpathImports.find(([alias]) => specifier.startsWith(alias));
  if (aliased) return join(root, aliased[1], specifier.slice(aliased[0].length));
  if (specifier.startsWith('@/')) return join(root, 'src', specifier.slice(2));
  if (specifier.startsWith('.')) return join(dirname(from), specifier);
  return undefined;
}
