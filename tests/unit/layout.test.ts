/**
 * Each module sits beside the runtime that loads it (CONTRIBUTING.md, the layers): what `npm start`,
 * the Netlify Functions and `npm run enquiries` load when they run lives in server/, enquiries/,
 * functions/, scripts/, src/lib/shared/ or the settings modules at src/'s top, never in a layer the
 * table says only the build (or the browser) runs; and server/ and enquiries/ hold nothing that only
 * the build loads. The graph is walked as Node loads it: relative imports and worker URLs, not
 * `import type`, which type stripping erases.
 */
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const project = resolve(import.meta.dirname, '../..');

/** The project files `file` loads when it runs, relative to the project. */
function loads(file: string): string[] {
  const text = readFileSync(join(project, file), 'utf8');
  const patterns = [
    /\b(?:import|export)\s+(?!type\s)[^'";]*?\bfrom\s*['"](\.{1,2}\/[^'"]+)['"]/g, // static, not type-only
    /\bimport\s*\(?\s*['"](\.{1,2}\/[^'"]+)['"]/g, // for its effect, or dynamic
    /\bnew URL\(\s*['"](\.{1,2}\/[^'"]+)['"]\s*,\s*import\.meta\.url/g, // a worker's module
  ];
  return patterns
    .flatMap((pattern) => [...text.matchAll(pattern)].map(([, spec = '']) => spec))
    .map((spec) => relative(project, resolve(dirname(join(project, file)), spec)))
    .filter((path) => existsSync(join(project, path)));
}

/** Every file reached from `entries`, each with the chain that reaches it. */
function reached(entries: readonly string[]): Map<string, string> {
  const chains = new Map(entries.map((entry) => [entry, entry]));
  const queue = [...entries];
  for (let file = queue.shift(); file !== undefined; file = queue.shift()) {
    for (const next of loads(file)) {
      if (chains.has(next)) continue;
      chains.set(next, `${chains.get(file) ?? file} → ${next}`);
      queue.push(next);
    }
  }
  return chains;
}

const filesIn = (root: string) =>
  readdirSync(join(project, root), { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile() && /\.(ts|mts)$/.test(entry.name))
    .map((entry) => relative(project, join(entry.parentPath, entry.name)));

const runtimeEntries = [
  'server/start.ts',
  'scripts/enquiries.ts',
  ...filesIn('functions').filter((file) => file.endsWith('.mts')),
];
const buildOnly = [
  'src/lib/build-time/',
  'src/integrations/',
  'src/components/',
  'src/layouts/',
  'src/pages/',
];

describe('what runs after the build', () => {
  const atRunTime = reached(runtimeEntries);

  it('loads no build-time module', () => {
    expect(atRunTime.size).toBeGreaterThan(40);
    const misplaced = [...atRunTime]
      .filter(([file]) => buildOnly.some((layer) => file.startsWith(layer)))
      .map(([, chain]) => chain);
    expect(misplaced).toEqual([]);
  });

  it('is all that server/ and enquiries/ hold', () => {
    const unused = [...filesIn('server'), ...filesIn('enquiries')].filter((file) => !atRunTime.has(file));
    expect(unused).toEqual([]);
  });
});
