/**
 * The enquiry path is one folder, enquiries/, which the shells (functions/, server/, scripts/)
 * import and which imports nothing above it: only its own modules, the shared enquiry schema and
 * helpers in src/lib/shared (the lowest floor), Node and packages. The site's build reads the
 * policy's numbers and the mail settings from it, and nothing that imports back into src/.
 */
import { readFileSync, readdirSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const project = resolve(import.meta.dirname, '../../..');
const codeFiles = (root: string) =>
  readdirSync(join(project, root), { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile() && /\.(ts|tsx|mts|astro)$/.test(entry.name))
    .map((entry) => relative(project, join(entry.parentPath, entry.name)));

/** The project paths `file` imports, relative to the project (type-only and dynamic imports too). */
const projectImports = (file: string) =>
  [
    ...readFileSync(join(project, file), 'utf8').matchAll(
      /(?:from|import)\s*\(?\s*['"](\.{1,2}\/[^'"]+)['"]/g,
    ),
  ].map(([, spec = '']) => relative(project, resolve(dirname(join(project, file)), spec)));

describe('the enquiry domain', () => {
  const domain = codeFiles('enquiries');

  it('imports only its own folder and src/lib/shared', () => {
    expect(domain.length).toBeGreaterThan(10);
    const climbing = domain.flatMap((file) =>
      projectImports(file)
        .filter((target) => !target.startsWith('enquiries/') && !target.startsWith('src/lib/shared/'))
        .map((target) => `${file} → ${target}`),
    );
    expect(climbing).toEqual([]);
  });

  it('is read by the site’s own code only through modules that import nothing above src/lib/shared', () => {
    const floor = (file: string) =>
      projectImports(file).every((target) => target.startsWith('src/lib/shared/'));
    const reached = codeFiles('src/lib').flatMap((file) =>
      projectImports(file).filter((target) => target.startsWith('enquiries/')),
    );
    expect(reached.length).toBeGreaterThan(0);
    expect([...new Set(reached)].filter((target) => !floor(target))).toEqual([]);
  });
});
