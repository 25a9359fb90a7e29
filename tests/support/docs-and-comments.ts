/**
 * What the docs and the code's comments say, for the tests that hold them to the code
 * (tests/unit/named-paths.test.ts, tests/unit/named-identifiers.test.ts,
 * tests/unit/repeated-passages.test.ts): the documents, every
 * source and configuration file, and each file's comments.
 */
import { readFileSync, readdirSync, statSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';

export const project = resolve(import.meta.dirname, '../..');
export const read = (file: string) => readFileSync(join(project, file), 'utf8');

/** The top-level entries git keeps: all but `.git` and what `.gitignore` leaves out. */
function repositoryRoots(): string[] {
  const patterns = read('.gitignore')
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line && !line.startsWith('#'))
    .map((line) => {
      const negated = line.startsWith('!');
      const glob = line.replace(/^!/, '').replace(/\/$/, '');
      const source = glob.replace(/[.+^${}()|[\]\\]/g, '\\$&').replace(/\*/g, '[^/]*');
      return { negated, pattern: new RegExp(`^${source}$`) };
    });
  const ignored = (name: string) =>
    patterns.reduce((state, { negated, pattern }) => (pattern.test(name) ? !negated : state), false);
  return readdirSync(project).filter((name) => name !== '.git' && !ignored(name));
}

export const roots = repositoryRoots();

export function filesUnder(folders: string[]): string[] {
  return folders.flatMap((folder) =>
    readdirSync(join(project, folder), { recursive: true, withFileTypes: true })
      .filter((entry) => entry.isFile())
      .map((entry) => relative(project, join(entry.parentPath, entry.name))),
  );
}

export const scriptComments = /\/\*[\s\S]*?\*\/|(?<![:\\'"`\w])\/\/.*$|<!--[\s\S]*?-->/gm;
const hashComments = /(?:^|\s)#.*$/gm;
const commentPattern = (file: string) =>
  /\.(ya?ml|toml)$|(^|\/)(\.ci\/run|\.env\.example|\.nvmrc)$/.test(file) ? hashComments : scriptComments;

/** The comments of a source or configuration file: what its prose says. */
export function commentsOf(file: string): string {
  return [...read(file).matchAll(commentPattern(file))].map(([comment]) => comment).join('\n');
}

/** The file with all but its comments blanked, line breaks kept: its prose, on its own lines. */
export function commentsInPlace(file: string): string {
  const text = read(file);
  let kept = '';
  let from = 0;
  for (const match of text.matchAll(commentPattern(file))) {
    kept += text.slice(from, match.index).replace(/[^\n]/g, '') + match[0];
    from = match.index + match[0].length;
  }
  return kept + text.slice(from).replace(/[^\n]/g, '');
}

export const documents = ['README.md', 'CONTRIBUTING.md', 'CONTENT.md', ...filesUnder(['docs'])].filter(
  (file) => file.endsWith('.md'),
);
/** Every folder but the files served as they are (public/); test fixtures are data, not prose. */
const codeFolders = roots.filter((name) => name !== 'public' && statSync(join(project, name)).isDirectory());
const codeFile = /\.(ts|tsx|mts|mjs|js|astro|css|ya?ml|toml)$|^\.ci\/run$|^\.env\.example$/;
export const code = [...filesUnder(codeFolders), ...roots].filter(
  (file) => codeFile.test(file) && !file.includes('/fixtures/'),
);
