/**
 * No module imports, even for its types only, a module that imports it back: a circle makes each
 * part unreadable without the other (the contact form's pieces once read their props from the form).
 */
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { specifiedPath } from '#support/project-imports.ts';

const project = resolve(import.meta.dirname, '../..');
const roots = ['src', 'enquiries', 'functions', 'server', 'scripts', 'tools'];
const extensions = ['', '.ts', '.tsx', '.mts', '.astro', '/index.ts'];

const sources = roots.flatMap((root) =>
  readdirSync(join(project, root), { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile() && /\.(ts|tsx|mts|astro)$/.test(entry.name))
    .map((entry) => join(entry.parentPath, entry.name)),
);

/** The project files `file` imports (relative, `@/` or `#` specifiers, type-only imports included). */
function imports(file: string): string[] {
  const text = readFileSync(file, 'utf8');
  return [...text.matchAll(/(?:from|import)\s*\(?\s*['"]((?:\.{1,2}\/|@\/|#)[^'"]+)['"]/g)].flatMap(
    ([, spec = '']) => {
      const base = specifiedPath(file, spec) ?? '';
      const found = extensions
        .map((extension) => base + extension)
        .find((path) => existsSync(path) && !path.endsWith('/'));
      return found && sources.includes(found) ? [found] : [];
    },
  );
}

describe('imports', () => {
  it('form no circle', () => {
    const graph = new Map(sources.map((file) => [file, imports(file)]));
    const circles: string[] = [];
    const state = new Map<string, 'open' | 'done'>();
    const visit = (file: string, path: string[]) => {
      if (state.get(file) === 'done') return;
      if (state.get(file) === 'open') {
        circles.push([...path.slice(path.indexOf(file)), file].map((f) => relative(project, f)).join(' → '));
        return;
      }
      state.set(file, 'open');
      for (const next of graph.get(file) ?? []) visit(next, [...path, file]);
      state.set(file, 'done');
    };
    for (const file of sources) visit(file, []);
    expect(graph.get(join(project, 'src/islands/ContactForm.tsx'))?.length).toBeGreaterThan(0);
    expect(circles).toEqual([]);
  });
});
