import { describe, expect, it } from 'vitest';
import {
  builtRedirects,
  formatRedirectProblems,
  redirectTable,
  ruleProblems,
} from '@/lib/build-time/redirects/redirect-checks';
import type { RedirectRule } from '@/lib/build-time/redirects/redirect-sources';

let line = 0;
const rule = (from: string, to: string, entry = false): RedirectRule => ({
  from,
  to,
  file: entry ? 'src/content/blog/post.md' : 'src/content/redirects.yaml',
  line: (line += 1),
  entry,
});
const pages = new Set(['/', '/about', '/services', '/blog/post']);
const exists = (path: string) => pages.has(path);

describe('the redirects’ own problems', () => {
  it('are none for old addresses that each lead straight to a page', () => {
    expect(
      ruleProblems([rule('/a', '/about'), rule('/b', '/about'), rule('/c', '/blog/post', true)]),
    ).toEqual([]);
  });

  it('name an old address listed twice, with where it first was', () => {
    const first = rule('/a', '/about');
    const second = rule('/a', '/services');
    expect(ruleProblems([first, second])).toEqual([
      {
        file: second.file,
        line: second.line,
        message: `/a already redirects, at ${first.file}:${first.line}: keep one of the two.`,
      },
    ]);
  });

  it('name a chain and the page to point at instead', () => {
    const chained = rule('/a', '/b');
    const next = rule('/b', '/about', true);
    const [problem, ...others] = ruleProblems([chained, next]);
    expect(others).toEqual([]);
    expect(problem).toEqual({
      file: chained.file,
      line: chained.line,
      message: `/a goes to /b, itself an old address that redirects (${next.file}:${next.line}): point it straight at /about.`,
    });
  });

  it('name a loop, and a redirect to itself', () => {
    const problems = ruleProblems([rule('/a', '/b'), rule('/b', '/a'), rule('/c', '/c')]);
    expect(problems.map(({ message }) => message)).toEqual([
      'the redirects /a → /b → /a go round in a loop: point /a at a page.',
      'the redirects /b → /a → /b go round in a loop: point /b at a page.',
      '/c redirects to itself: a loop no visitor gets out of. Point it at a page.',
    ]);
  });
});

describe('the redirects against a build', () => {
  it('keep those that lead to a page', () => {
    const rules = [rule('/a', '/about'), rule('/old-post', '/blog/post', true)];
    expect(builtRedirects(rules, exists)).toEqual({ live: rules, problems: [] });
  });

  it('name one leading to no page, and one hiding a live page', () => {
    const nowhere = rule('/a', '/abuot');
    const hiding = rule('/services', '/about');
    const { live, problems } = builtRedirects([nowhere, hiding], exists);
    expect(live).toEqual([]);
    expect(problems).toEqual([
      {
        file: nowhere.file,
        line: nowhere.line,
        message:
          '/a goes to /abuot, which is no page of the site: check the address, e.g. a page’s own address in the browser.',
      },
      {
        file: hiding.file,
        line: hiding.line,
        message:
          '/services is still a page of the site: a redirect would hide it. Remove the redirect, or the page.',
      },
    ]);
  });

  it('keep an unpublished entry’s old addresses back, without a problem', () => {
    expect(builtRedirects([rule('/old', '/blog/draft', true)], exists)).toEqual({ live: [], problems: [] });
  });

  it('print one file:line line per problem, and a table of what is served', () => {
    const text = formatRedirectProblems([{ file: 'src/content/redirects.yaml', line: 4, message: 'm' }]);
    expect(text).toBe(
      'One mistake in the redirects to fix before the site can be built:\nsrc/content/redirects.yaml:4: m',
    );
    expect(redirectTable([rule('/a', '/about')])).toEqual({ '/a': '/about' });
  });
});
