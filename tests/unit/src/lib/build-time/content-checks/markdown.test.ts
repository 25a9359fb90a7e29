import { describe, expect, it } from 'vitest';
import { markdownProblems } from '#src/lib/build-time/content-checks/markdown.ts';

const pages = ['/', '/services', '/services/shopify', '/contact'];
const site = {
  origin: 'https://www.example.test',
  pages,
  exists: (path: string) => [...pages, '/team.jpg'].includes(path),
  redirects: { '/services/shopify-old': '/services/shopify' },
};
const today = new Date('2026-06-15T10:00:00Z');
const check = (text: string, unpublished = false) =>
  markdownProblems(text, { from: '/', site, today, unpublished });
const lines = (text: string) => check(text).map((problem) => problem.line);

describe('links in Markdown', () => {
  it('are checked in every form, on the line they are written, front matter counted', () => {
    const text = [
      '---',
      'title: A post',
      '---',
      '',
      'See [our services](/servces) and [Shopify][old].',
      '',
      'Or <a href="/contatc">write to us</a>.',
      '',
      '[old]: /services/shopify-old',
    ].join('\n');
    expect(check(text)).toEqual([
      { line: 5, message: expect.stringContaining('"/servces" goes to no page on this site') },
      { line: 7, message: expect.stringContaining('"/contatc" goes to no page on this site') },
      { line: 9, message: expect.stringContaining('use /services/shopify instead') },
    ]);
  });

  it('are not read inside code, and good links pass', () => {
    expect(check('[Home](/) [Contact](/contact)\n\n```\n[old](/servces)\n```\n\n`[x](/nope)`\n')).toEqual([]);
  });
});

describe('pictures in Markdown', () => {
  it('need a description, in Markdown or HTML', () => {
    expect(check('Intro.\n\n![](team.jpg)\n\n<img src="/team.jpg">\n')).toEqual([
      {
        line: 3,
        message:
          'the picture "team.jpg" has no description: write what it shows between the square brackets, ![like this](team.jpg).',
      },
      {
        line: 5,
        message: expect.stringContaining('the picture "/team.jpg" has no description: add alt="…"'),
      },
    ]);
    expect(check('![The team at work](team.jpg)\n\n![  ](./b.jpg)\n')).toEqual([
      { line: 3, message: expect.stringContaining('"./b.jpg" has no description') },
    ]);
  });

  it('from public/ must exist', () => {
    expect(check('<img src="/chart.png" alt="A chart">')).toEqual([
      { line: 1, message: expect.stringContaining('"/chart.png" is not a file of this site') },
    ]);
    expect(check('![The team](/team.jpg) ![A chart](/chart.png)')).toEqual([
      {
        line: 1,
        message:
          'the picture "/chart.png" is not a file of this site: check its name, and that the file is in public/.',
      },
    ]);
  });
});

describe('headings', () => {
  it('may not skip a level, starting under the page title', () => {
    const text = '## One\n\n#### Too deep\n\n## Two\n\n### Fine\n\n#### Fine too\n\n### Back up is fine\n';
    expect(check(text)).toEqual([
      {
        line: 3,
        message:
          'the heading "Too deep" is a level-4 heading (####) straight after a level-2 heading (##): use ### (level 3) instead, so no level is skipped.',
      },
    ]);
    expect(check('Intro.\n\n### First\n')[0]?.message).toBe(
      'the heading "First" is a level-3 heading (###) straight after a level-1 page title: use ## (level 2) instead, so no level is skipped.',
    );
  });
});

describe('a publishDate still to come', () => {
  const post = (...fields: string[]) => `---\ntitle: A post\n${fields.join('\n')}\n---\n\nText.\n`;

  it('is refused on its line unless the post is scheduled or a draft', () => {
    expect(check(post('publishDate: 2026-06-16'))).toEqual([
      {
        line: 3,
        message:
          'publishDate 2026-06-16 is a day still to come. To publish it on that day, add the line "scheduled: true" (it appears at the first build on or after that day); otherwise correct the date.',
      },
    ]);
    expect(lines(post('draft: false', "publishDate: '2062-01-01'"))).toEqual([4]);
    expect(check(post('publishDate: 2026-06-16', 'scheduled: true'))).toEqual([]);
    expect(check(post('publishDate: 2026-06-16', 'draft: true'))).toEqual([]);
  });

  it('leaves a draft or a scheduled post to the build that publishes it, and checks it in the preview', () => {
    const draft = `${post('draft: true', 'publishDate: 2026-06-16')}\n[x](/servces)\n`;
    const scheduled = `${post('scheduled: true', 'publishDate: 2026-06-16')}\n[x](/servces)\n`;
    expect(check(draft)).toEqual([]);
    expect(check(scheduled)).toEqual([]);
    expect(lines(draft.replace('draft: true', 'draft: false'))).toEqual([4, 9]);
    expect(lines(scheduled.replace('2026-06-16', '2026-06-15'))).toEqual([9]);
    expect(check(draft, true)).toEqual([{ line: 9, message: expect.stringContaining('"/servces"') }]);
  });

  it('is today or earlier for every other post', () => {
    expect(check(post('publishDate: 2026-06-15'))).toEqual([]);
    expect(check(post('publishDate: 2020-01-01'))).toEqual([]);
  });
});
