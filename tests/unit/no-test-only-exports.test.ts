/**
 * No runtime module exports a value only its tests import: tests go through the module's real
 * interface, and test helpers live under tests/. Type exports are erased at build time and are not
 * counted. A regex reader is enough here: the repo's imports and exports are formatted by Prettier.
 */
import { readFileSync, readdirSync, statSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { specifiedPath } from '#support/project-imports.ts';

const project = resolve(import.meta.dirname, '../..');
const runtimeRoots = ['src', 'enquiries', 'functions', 'server', 'scripts'];
const code = /\.(ts|tsx|mts|mjs|js|astro)$/;

/** Entry points a platform or tool reads by name, not through an import in this repo. */
const platformEntryPoints = new Map<string, string>([
  ['functions/send-contact-email.mts#config', 'Netlify reads the function’s route'],
  ['functions/send-contact-email.mts#default', 'Netlify calls the function'],
  ['functions/retry-enquiries.mts#config', 'Netlify reads the schedule'],
  ['functions/retry-enquiries.mts#default', 'Netlify calls the scheduled function'],
  ['functions/scheduled-rebuild.mts#config', 'Netlify reads the schedule'],
  ['functions/scheduled-rebuild.mts#default', 'Netlify calls the scheduled function'],
  ['src/content.config.ts#collections', 'Astro reads the content collections'],
  ['src/integrations/service-links.ts#serviceLinksPlugin', 'vitest.config.ts mounts the build’s own plugin'],
]);

const files = (root: string): string[] =>
  readdirSync(join(project, root), { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile() && code.test(entry.name) && !entry.name.endsWith('.d.ts'))
    .map((entry) => relative(project, join(entry.parentPath, entry.name)));

const runtimeFiles = runtimeRoots.flatMap(files);
/** The tooling the tests and the bench share: a runtime export it uses is not there for tests alone. */
const toolFiles = files('tools');
const rootFiles = readdirSync(project).filter(
  (name) => code.test(name) && statSync(join(project, name)).isFile(),
);
const everyFile = [...runtimeFiles, ...toolFiles, ...files('tests'), ...rootFiles];

/** The value names `text` exports (declarations, `export { … }` lists and `export default`). */
function valueExports(text: string): string[] {
  const declared = [
    ...text.matchAll(
      /^export\s+(?:default\s+)?(?:async\s+)?(?:function\*?|const|let|var|class|enum)\s+([\w$]+)/gm,
    ),
  ].map((match) => match[1]!);
  const listed = [...text.matchAll(/^export\s+\{([^}]*)\}(?!\s*from)/gm)].flatMap((match) =>
    match[1]!
      .split(',')
      .map((part) => part.trim())
      .filter((part) => part && !part.startsWith('type '))
      .map((part) => part.split(/\s+as\s+/).pop()!),
  );
  const byDefault = /^export\s+default\b/m.test(text) ? ['default'] : [];
  return [...new Set([...declared, ...listed, ...byDefault])];
}

function resolveSpecifier(from: string, specifier: string): string | undefined {
  const base = specifiedPath(from, specifier);
  if (base === undefined) return undefined;
  return ['', '.ts', '.tsx', '.mts', '.mjs', '/index.ts']
    .map((ext) => base + ext)
    .find((path) => everyFile.includes(path));
}

/** Each `file#name` `text` imports (`*` for a namespace or an unnamed dynamic import). */
function importedNames(from: string, text: string): string[] {
  const found: [string, string[]][] = [];
  for (const [, clause = '', specifier = ''] of text.matchAll(
    /(?:import|export)\s+(?:type\s+)?([^'";]*?)\s+from\s+['"]([^'"]+)['"]/g,
  )) {
    const names = clause.includes('*') ? ['*'] : [];
    const braces = /\{([^}]*)\}/.exec(clause)?.[1] ?? '';
    for (const part of braces.split(',')) {
      const name = part
        .trim()
        .replace(/^type\s+/, '')
        .split(/\s+as\s+/)[0];
      if (name) names.push(name);
    }
    if (/^[\w$]+/.test(clause.replace(/\{[^}]*\}/, '').trim())) names.push('default');
    found.push([specifier, names]);
  }
  for (const [, destructured, specifier = ''] of text.matchAll(
    /(?:const\s*\{([^}]*)\}\s*=\s*await\s+)?import\(\s*['"]([^'"]+)['"]\s*\)/g,
  )) {
    const names = destructured
      ?.split(',')
      .map((part) => part.trim().split(/\s*:\s*/)[0]!)
      .filter(Boolean);
    found.push([specifier, names ?? ['*']]);
  }
  return found.flatMap(([specifier, names]) => {
    const target = resolveSpecifier(from, specifier);
    return target ? names.map((name) => `${target}#${name}`) : [];
  });
}

describe('runtime exports', () => {
  const importers = new Map<string, string[]>();
  for (const file of everyFile)
    for (const key of importedNames(file, readFileSync(join(project, file), 'utf8')))
      importers.set(key, [...(importers.get(key) ?? []), file]);
  const exportsOf = (file: string) => valueExports(readFileSync(join(project, file), 'utf8'));

  it('are each imported by runtime code, not by tests alone', () => {
    const testOnly = runtimeFiles
      .filter((file) => !file.endsWith('.astro'))
      .flatMap((file) => exportsOf(file).map((name) => `${file}#${name}`))
      .filter((key) => {
        const named = importers.get(key) ?? [];
        const users = [...named, ...(importers.get(`${key.split('#')[0]}#*`) ?? [])];
        const byRuntime = users.some(
          (user) => runtimeFiles.includes(user) || toolFiles.includes(user) || user === 'astro.config.mjs',
        );
        return named.length > 0 && !byRuntime && !platformEntryPoints.has(key);
      });
    expect(
      testOnly,
      'exported only for tests: make private and test the public interface, or move under tests/',
    ).toEqual([]);
  });

  it('allow only entry points that exist', () => {
    const missing = [...platformEntryPoints.keys()].filter((key) => {
      const [file = '', name = ''] = key.split('#');
      return !runtimeFiles.includes(file) || !exportsOf(file).includes(name);
    });
    expect(missing).toEqual([]);
  });
});
