import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { readRedirectSources, redirectsFile } from '@/lib/build-time/redirects/redirect-sources';

const project = resolve(import.meta.dirname, '../../../../../..');
const roots: string[] = [];
afterEach(() => {
  for (const root of roots.splice(0)) rmSync(root, { recursive: true, force: true });
});

/** A project holding only `files` (path → text). */
function projectWith(files: Record<string, string>): string {
  const root = mkdtempSync(join(tmpdir(), 'redirect-sources-'));
  roots.push(root);
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(dirname(join(root, path)), { recursive: true });
    writeFileSync(join(root, path), text);
  }
  return root;
}

const post = (frontMatter: string) => `---\ntitle: A post\n${frontMatter}\n---\n\nText.\n`;

describe('the redirects editors wrote', () => {
  it('are the project’s redirects.yaml list, each at its line, with nothing wrong', () => {
    const listed = (parse(readFileSync(join(project, redirectsFile), 'utf8')) as { redirects?: unknown[] })
      .redirects;
    const { rules, problems } = readRedirectSources(project);
    expect(problems).toEqual([]);
    const fromFile = rules.filter((rule) => rule.file === redirectsFile);
    expect(fromFile.map(({ from, to }) => ({ from, to }))).toEqual(listed ?? []);
    const lines = readFileSync(join(project, redirectsFile), 'utf8').split('\n');
    for (const rule of fromFile) expect(lines[rule.line - 1], rule.from).toContain(`from: ${rule.from}`);
  });

  it('read redirects.yaml and each post’s and case study’s redirectFrom, leading to its page', () => {
    const root = projectWith({
      [redirectsFile]: 'redirects:\n  - from: /old-about\n    to: /about\n',
      'src/content/blog/new-name.md': post('redirectFrom:\n  - /blog/old-name\n  - /news/old-name'),
      'src/content/case-studies/Big Shop.md': post('redirectFrom: [/work/big-shop]'),
    });
    const { rules, problems } = readRedirectSources(root);
    expect(problems).toEqual([]);
    expect(rules).toEqual([
      { from: '/old-about', to: '/about', file: redirectsFile, line: 2, entry: false },
      {
        from: '/blog/old-name',
        to: '/blog/new-name',
        file: 'src/content/blog/new-name.md',
        line: 4,
        entry: true,
      },
      {
        from: '/news/old-name',
        to: '/blog/new-name',
        file: 'src/content/blog/new-name.md',
        line: 5,
        entry: true,
      },
      {
        from: '/work/big-shop',
        to: '/case-studies/big-shop',
        file: 'src/content/case-studies/Big Shop.md',
        line: 3,
        entry: true,
      },
    ]);
  });

  it('are none without the file or the folders', () => {
    expect(readRedirectSources(projectWith({}))).toEqual({ rules: [], problems: [] });
  });

  it('name the file and line of a malformed address, in the editor’s words', () => {
    const root = projectWith({
      [redirectsFile]:
        'redirects:\n  - from: /fine\n    to: /about\n  - from: old page\n    to: /about\n  - from: /x/\n    to: https://elsewhere.example/\n',
      'src/content/blog/post.md': post('redirectFrom:\n  - /blog/ok\n  - /blog/../secret'),
    });
    const { problems } = readRedirectSources(root);
    expect(problems.map(({ file, line }) => `${file}:${line}`)).toEqual([
      `${redirectsFile}:4`,
      `${redirectsFile}:6`,
      `${redirectsFile}:7`,
      'src/content/blog/post.md:5',
    ]);
    expect(problems[0]!.message).toBe(
      'redirects.1.from must start with / and hold only letters, digits and - _ . ~ / (no spaces, ? or #)',
    );
    expect(problems[1]!.message).toBe('redirects.2.from must not end with /');
    expect(problems[3]!.message).toBe('redirectFrom.1 must not hold a /./ or /../ step');
  });

  it('name the line YAML cannot read', () => {
    const root = projectWith({ [redirectsFile]: 'redirects:\n  - from: /a\n    to: [/b\n' });
    const { problems } = readRedirectSources(root);
    expect(problems).toHaveLength(1);
    expect(problems[0]!.file).toBe(redirectsFile);
    expect(problems[0]!.message).toMatch(/^YAML cannot read this line/);
  });
});
