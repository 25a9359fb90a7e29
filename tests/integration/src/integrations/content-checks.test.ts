/**
 * An editor's mistakes the schemas cannot see stop a real `astro build`, each named by file, line
 * and fix: one copy of the project, each mistake made in a file as it is now (a link typed wrong,
 * an old address, a picture without a description, a heading that skips a level, a date to come).
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, afterAll, describe, expect, it } from 'vitest';
import { parseDocument } from 'yaml';
import { copyProject } from '#support/project-copy.ts';
import { markdownFile } from '#tools/markdown-files.ts';
import type { CommandResult } from '#tools/scratch-copy.ts';
import { redirectsFile } from '#src/lib/build-time/redirects/redirect-sources.ts';
import { editedYaml } from '#support/yaml-edits.ts';

const copy = copyProject('content-checks');
afterAll(() => copy.cleanup());

const read = (path: string) => readFileSync(join(copy.dir, path), 'utf8');

/** Adds Markdown at the end of a file; the line of each added line, by its index. */
function append(path: string, added: readonly string[]): number[] {
  const text = read(path).trimEnd();
  copy.write(path, `${text}\n\n${added.join('\n\n')}\n`);
  const first = text.split('\n').length + 2;
  return added.map((_, index) => first + index * 2);
}

const founders = readdirSync(join(copy.dir, 'src/content/founders')).filter((file) => file.endsWith('.md'));
const founder = founders[0]!;
const photo = /^photo:\s*(\S+)/m.exec(read(`src/content/founders/${founder}`))?.[1] ?? '';
// An old address of the test's own, whatever src/content/redirects.yaml lists now.
const [oldAddress, newAddress] = ['/terms-of-business', '/terms'];
const nextYear = `${new Date().getUTCFullYear() + 1}-01-15`;
const post = (extra: Record<string, unknown>) =>
  markdownFile(
    {
      title: 'A post for next year',
      description: 'A description of the post, long enough for search results to show it.',
      publishDate: nextYear,
      author: founder.replace(/\.md$/, ''),
      ...extra,
    },
    'Text.',
  );

const terms = 'src/content/legal/terms.md';
const listPage = 'src/content/pages/blog.yaml';
let lines: { typo: number; old: number; heading: number; picture: number; href: number };
let linkHref: string;
let result: CommandResult;

beforeAll(() => {
  const redirects = editedYaml(read(redirectsFile), (document) => {
    document.addIn(['redirects'], document.createNode({ from: oldAddress, to: newAddress }));
  });
  copy.write(redirectsFile, redirects);
  const [typo, old, , heading] = append(terms, [
    '[Our services](/servces)',
    `[An old page](${oldAddress})`,
    '## A new section',
    '#### Too deep',
  ]);
  const [picture] = append(`src/content/founders/${founder}`, [`![](${photo})`]);

  const document = parseDocument(read(listPage));
  linkHref = String(document.getIn(['links', 0, 'href']));
  document.setIn(['links', 0, 'href'], `${linkHref}-typo`);
  copy.write(listPage, document.toString());
  const href =
    read(listPage)
      .split('\n')
      .findIndex((line) => line.includes(`${linkHref}-typo`)) + 1;

  copy.write('src/content/blog/next-year.md', post({}));
  copy.write('src/content/blog/next-year-scheduled.md', post({ scheduled: true }));
  lines = { typo: typo!, old: old!, heading: heading!, picture: picture!, href };
  result = copy.build();
});

describe('a build with editors’ mistakes in src/content/', () => {
  it('fails', () => {
    expect(result.status).not.toBe(0);
  });

  it('names a link to no page, with the address it was likely meant to be', () => {
    expect(result.output).toContain(
      `${terms}:${lines.typo}: the link "/servces" goes to no page on this site. Check the address, e.g. /services.`,
    );
    expect(result.output).toContain(
      `${listPage}:${lines.href}: the link "${linkHref}-typo" goes to no page on this site. Check the address, e.g. ${linkHref}.`,
    );
  });

  it('names a link to an old address and the address to use', () => {
    expect(result.output).toContain(
      `${terms}:${lines.old}: the link "${oldAddress}" goes to ${oldAddress}, an old address that only redirects: use ${newAddress} instead.`,
    );
  });

  it('names a picture without a description and how to write one', () => {
    expect(result.output).toContain(
      `src/content/founders/${founder}:${lines.picture}: the picture "${photo}" has no description: ` +
        `write what it shows between the square brackets, ![like this](${photo}).`,
    );
  });

  it('names a heading that skips a level and the level to use', () => {
    expect(result.output).toContain(
      `${terms}:${lines.heading}: the heading "Too deep" is a level-4 heading (####) straight after a level-2 ` +
        'heading (##): use ### (level 3) instead, so no level is skipped.',
    );
  });

  it('refuses a post dated to come unless it is scheduled', () => {
    expect(result.output).toContain(
      `src/content/blog/next-year.md:4: publishDate ${nextYear} is a day still to come. To publish it on that day, ` +
        'add the line "scheduled: true"',
    );
    expect(result.output).not.toContain('next-year-scheduled.md');
  });
});
