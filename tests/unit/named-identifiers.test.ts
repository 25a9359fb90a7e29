/**
 * Every identifier the docs (README, CONTRIBUTING, CONTENT, docs/) and the code's comments name in
 * backticks exists in the code, as every path they name does (named-paths.test.ts): a renamed
 * function, type or setting cannot leave a sentence naming it. An identifier here is a name in
 * camelCase or PascalCase with a capital after a small letter (`createContactHandler`,
 * `StoreResult`), or an environment variable (`SMTP_HOST`); it must appear in the code with its
 * comments taken out, or in the project's configuration (package.json, tsconfig.json).
 */
import { describe, expect, it } from 'vitest';
import { relative } from 'node:path';
import { code, commentsOf, documents, project, read, scriptComments } from '#support/docs-and-comments.ts';

/** The identifiers a text names in backticks (`name` or `name()`). */
function namedIdentifiers(text: string): string[] {
  return [...text.matchAll(/`([A-Za-z_$][\w$]*)(?:\(\))?`/g)]
    .map(([, name = '']) => name)
    .filter((name) => /[a-z][A-Z]/.test(name) || /^[A-Z][A-Z0-9]*(?:_[A-Z0-9]+)+$/.test(name));
}

// This file aside: its own examples of unknown names would make them known.
const thisFile = relative(project, import.meta.filename);
const codeWithoutComments = [
  ...code.filter((file) => file !== thisFile).map((file) => read(file).replace(scriptComments, '')),
  read('package.json'),
  read('tsconfig.json'),
].join('\n');

const known = (name: string) =>
  new RegExp(`(?<![\\w$])${name.replace(/\$/g, '\\$')}(?![\\w$])`).test(codeWithoutComments);

/** The identifiers a text names that the code does not hold. */
const unknownIn = (text: string) => [...new Set(namedIdentifiers(text))].filter((name) => !known(name));

describe('identifiers named in the docs and comments', () => {
  it('finds a name the code does not hold, and only that one', () => {
    const text =
      'Call `createContactHandler` or `madeUpHandler()`; set `SMTP_HOST`, not `MADE_UP_SETTING`; `plain` words pass.';
    expect(unknownIn(text)).toEqual(['madeUpHandler', 'MADE_UP_SETTING']);
  });

  it.each(documents)('%s names only identifiers the code holds', (file) => {
    expect(unknownIn(read(file))).toEqual([]);
  });

  it('the code’s comments name only identifiers the code holds', () => {
    expect(code.length).toBeGreaterThan(100);
    const unknown = code.flatMap((file) => unknownIn(commentsOf(file)).map((name) => `${file}: ${name}`));
    expect(unknown).toEqual([]);
  });
});
