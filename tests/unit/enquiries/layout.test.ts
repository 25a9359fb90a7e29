/**
 * The enquiry path is one folder, enquiries/, which the shells (functions/, server/, scripts/)
 * import and which imports nothing above it: only its own modules, the shared enquiry schema and
 * helpers in src/lib/shared (the lowest floor), Node and packages. The site's own logic (src/lib)
 * reads nothing from it, nor from src/site.config.ts: the facts both need (the enquiry policy's
 * numbers) live on the floor, src/lib/shared, and settings come to src/lib parsed, as arguments.
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

  it('is read by none of the site’s own logic, which imports no settings module either', () => {
    const upward = codeFiles('src/lib').flatMap((file) =>
      projectImports(file)
        .filter((target) => target.startsWith('enquiries/') || target === 'src/site.config.ts')
        .map((target) => `${file} → ${target}`),
    );
    expect(upward).toEqual([]);
  });
});
