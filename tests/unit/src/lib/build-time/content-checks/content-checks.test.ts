import { describe, expect, it } from 'vitest';
import { contentProblems, formatContentProblems } from '#src/lib/build-time/content-checks/content-checks.ts';

const pages = ['/', '/services', '/blog/first-post', '/blog/second-post'];
const site = {
  origin: 'https://www.example.test',
  pages,
  exists: (path: string) => pages.includes(path),
  redirects: { '/services/old': '/services' },
};
const options = { today: new Date('2026-06-15'), unpublished: false };

describe('the content checks', () => {
  it('read the links of the YAML fields that hold one, on their line', () => {
    const yaml =
      'heading: Soon\nlinks:\n  - label: Old\n    href: /services/old\n  - label: Home\n    href: /\n  - label: Typo\n    href: /servics\ntext: /not-a-link\n';
    const problems = contentProblems([{ path: 'src/content/pages/blog.yaml', text: yaml }], site, options);
    expect(problems.map(({ file, line }) => `${file}:${line}`)).toEqual([
      'src/content/pages/blog.yaml:4',
      'src/content/pages/blog.yaml:8',
    ]);
  });

  it('start a post’s relative links from the post’s own address', () => {
    const text = '---\ntitle: x\n---\n\n[next](second-post) [missing](third-post)\n';
    const problems = contentProblems([{ path: 'src/content/blog/first-post.md', text }], site, options);
    expect(problems).toEqual([
      {
        file: 'src/content/blog/first-post.md',
        line: 5,
        message: expect.stringContaining('"third-post" goes to no page'),
      },
    ]);
  });

  it('say file, line and fix, one line each', () => {
    const problems = contentProblems(
      [
        { path: 'src/content/legal/terms.md', text: 'See [us](/servces).\n' },
        { path: 'src/content/pages/home.yaml', text: 'href: /services/old\n' },
      ],
      site,
      options,
    );
    expect(formatContentProblems(problems).split('\n')).toEqual([
      '2 mistakes in src/content/ to fix before the site can be built:',
      'src/content/legal/terms.md:1: the link "/servces" goes to no page on this site. Check the address, e.g. /services.',
      'src/content/pages/home.yaml:1: the link "/services/old" goes to /services/old, an old address that only redirects: use /services instead.',
    ]);
  });
});
