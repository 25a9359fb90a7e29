/**
 * Every repository path the docs (README, CONTRIBUTING, CONTENT, docs/) and the code's comments
 * name exists, so a rename or a deletion cannot leave a reader following a path to nothing. A
 * path is a name starting at one of the repository's top-level entries (`src/lib/…`,
 * `package.json`); a name cut short by a wildcard or a placeholder (`src/content/blog/*.md`,
 * `tests/e2e/{js,no-js}/…`) is checked up to where it was cut. Under `src/content/` the editors'
 * files come and go, so there only the folder below it must be one the content loaders read. A
 * document's relative Markdown links must lead to a file too, read from the document's folder.
 */
import { existsSync, readdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { code, commentsOf, documents, filesUnder, project, read, roots } from '#support/docs-and-comments.ts';

const escaped = roots.map((name) => name.replace(/[.+^${}()|[\]\\]/g, '\\$&')).join('|');
/** A root, then path segments; not inside a longer name, a URL or another path. */
const pathPattern = new RegExp(`(?<![\\w@./~-])(?:${escaped})(?:/[\\w.@+-]*)*(?![\\w-])`, 'g');

/** The content folders the loaders read, whether or not an editor has left files in them. */
const contentFolders = new Set([
  ...readdirSync(join(project, 'src/content')),
  ...filesUnder(['src']).flatMap((file) =>
    [...read(file).matchAll(/['"`]\.\/src\/content\/([\w-]+)/g)].map(([, folder = '']) => folder),
  ),
]);

/** True when a name cut short by a wildcard starts some entry of its folder (`analytics-` of `analytics-*`). */
function startsAnEntry(path: string): boolean {
  const folder = join(project, path.slice(0, path.lastIndexOf('/') + 1));
  const start = path.slice(path.lastIndexOf('/') + 1);
  return existsSync(folder) && readdirSync(folder).some((name) => name.startsWith(start));
}

/** The repository paths a text names that do not exist. */
function missingPaths(text: string): string[] {
  const named = [...text.matchAll(pathPattern)].map((match) => {
    const cut = /[*{<…[]/.test(text[match.index + match[0].length] ?? '') && !match[0].endsWith('/');
    return { path: cut ? match[0] : match[0].replace(/\.+$/, ''), cut };
  });
  const missing = named.filter(({ path, cut }) => {
    if (existsSync(join(project, path)) || (cut && startsAnEntry(path))) return false;
    // The content folder itself too: git keeps no empty one, so a clone may lack it (no post yet).
    const content = /^src\/content\/([^/]+)(\/|$)/.exec(path);
    return !(content && contentFolders.has(content[1] ?? ''));
  });
  return [...new Set(missing.map(({ path }) => path))];
}

/** The targets of a Markdown document's relative links (code left out) that lead to no file. */
function brokenLinks(file: string, text: string): string[] {
  const prose = text.replace(/```[\s\S]*?```|`[^`\n]*`/g, '');
  const targets = [...prose.matchAll(/\]\(([^)\s]+)\)/g)].map(
    ([, target = '']) => target.split('#')[0] ?? '',
  );
  const relative = targets.filter((target) => target && !/^([a-z]+:|\/)/.test(target));
  return relative.filter((target) => !existsSync(join(project, dirname(file), target)));
}

describe('paths named in the docs and comments', () => {
  it('finds a path that does not exist, and only that one', () => {
    const text =
      'See `src/lib/shared/made-up.ts` beside src/lib/shared/paths.ts, and https://x.example/src/nope.';
    expect(missingPaths(text)).toEqual(['src/lib/shared/made-up.ts']);
  });

  it('finds a relative link to no file, read from the linking document’s folder', () => {
    const text =
      '[guide](../CONTENT.md), [site](https://x.example), [top](#top), `[code](gone.md)`, [gone](gone.md)';
    expect(brokenLinks('docs/page.md', text)).toEqual(['gone.md']);
    expect(brokenLinks('README.md', '[guide](CONTENT.md) [more](docs/)')).toEqual([]);
  });

  it('checks a wildcard path up to the wildcard, and editors’ files by their content folder', () => {
    const wildcards =
      'tests/e2e/js/*.spec.ts, tests/e2e/js/analytics-*.ts, tests/made-up/*.ts, tests/e2e/made-up-*.ts';
    expect(missingPaths(wildcards)).toEqual(['tests/made-up/', 'tests/e2e/made-up-']);
    expect(missingPaths('src/content/blog/a-new-post.md, src/content/gone/old.md')).toEqual([
      'src/content/gone/old.md',
    ]);
    expect(missingPaths('src/content/blog, src/content/case-studies/ and src/content/gone/')).toEqual([
      'src/content/gone/',
    ]);
  });

  it.each(documents)('%s names only paths that exist, and links only to files that exist', (file) => {
    expect(missingPaths(read(file))).toEqual([]);
    expect(brokenLinks(file, read(file))).toEqual([]);
  });

  it('the code’s comments name only paths that exist', () => {
    expect(code.length).toBeGreaterThan(100);
    const missing = code.flatMap((file) => missingPaths(commentsOf(file)).map((path) => `${file}: ${path}`));
    expect(missing).toEqual([]);
  });
});
