import { describe, expect, it } from 'vitest';
import {
  articlePath,
  entriesByTag,
  isArticleRoute,
  neighbours,
  newestFirst,
  readingMinutes,
  tagPath,
  visibleArticles,
} from '@/lib/build-time/articles/articles';

const entry = (
  id: string,
  date: string,
  options: { draft?: boolean; scheduled?: boolean; tags?: string[]; title?: string } = {},
) => ({
  id,
  data: {
    title: options.title ?? id,
    publishDate: new Date(date),
    draft: options.draft ?? false,
    scheduled: options.scheduled ?? false,
    tags: options.tags ?? [],
  },
});

describe('which articles are shown', () => {
  const entries = [entry('live', '2026-01-01'), entry('draft', '2026-02-01', { draft: true })];
  const today = new Date('2026-03-01');

  it('leaves drafts out of a build', () => {
    expect(visibleArticles(entries, false, today).map((e) => e.id)).toEqual(['live']);
  });

  it('shows drafts in the preview', () => {
    expect(visibleArticles(entries, true, today).map((e) => e.id)).toEqual(['live', 'draft']);
  });

  it('keeps a scheduled entry out of a build until its day, and shows it in the preview', () => {
    const scheduled = [
      entry('due', '2026-03-01', { scheduled: true }),
      entry('later', '2026-03-02', { scheduled: true }),
    ];
    expect(visibleArticles(scheduled, false, today).map((e) => e.id)).toEqual(['due']);
    expect(visibleArticles(scheduled, false, new Date('2026-03-02T23:59:00Z')).map((e) => e.id)).toEqual([
      'due',
      'later',
    ]);
    expect(visibleArticles(scheduled, true, today).map((e) => e.id)).toEqual(['due', 'later']);
  });
});

describe('the order of a list', () => {
  it('is newest first, then by title on the same day', () => {
    const sorted = newestFirst([
      entry('old', '2025-05-01'),
      entry('b', '2026-03-01', { title: 'Beta' }),
      entry('a', '2026-03-01', { title: 'Alpha' }),
    ]);
    expect(sorted.map((e) => e.id)).toEqual(['a', 'b', 'old']);
  });

  it('gives each entry its older and newer neighbour', () => {
    const sorted = newestFirst([
      entry('one', '2026-01-01'),
      entry('two', '2026-02-01'),
      entry('three', '2026-03-01'),
    ]);
    expect(neighbours(sorted, 'two')).toEqual({ older: sorted[2], newer: sorted[0] });
    expect(neighbours(sorted, 'three')).toEqual({ older: sorted[1], newer: undefined });
    expect(neighbours(sorted, 'one')).toEqual({ older: undefined, newer: sorted[1] });
    expect(() => neighbours(sorted, 'four')).toThrow(/No entry "four"/);
  });
});

describe('addresses', () => {
  it('put an entry under its list, from its file name', () => {
    expect(articlePath('blog', 'faster-shopify')).toBe('/blog/faster-shopify');
    expect(articlePath('case-studies', 'skincare')).toBe('/case-studies/skincare');
  });

  it('refuse a file name made of digits, which would be a page of the list', () => {
    expect(() => articlePath('blog', '2')).toThrow(/src\/content\/blog\/2\.md.*clashes with page 2/);
  });

  it('turn a tag into a clean address', () => {
    expect(tagPath('Shopify SEO')).toBe('/blog/tags/shopify-seo');
    expect(tagPath('  Café & Co. ')).toBe('/blog/tags/cafe-co');
    expect(tagPath('E-commerce')).toBe('/blog/tags/e-commerce');
    expect(() => tagPath('!!')).toThrow(/needs at least one letter/);
  });

  it('know the routes of the articles, for the sitemap', () => {
    for (const path of [
      '/blog',
      '/blog/2',
      '/blog/tags/shopify',
      '/case-studies',
      '/case-studies/skincare',
    ]) {
      expect(isArticleRoute(path), path).toBe(true);
    }
    for (const path of ['/', '/blogs', '/about', '/services/content', '/case-studies-old']) {
      expect(isArticleRoute(path), path).toBe(false);
    }
  });
});

describe('tags', () => {
  it('group entries by tag, newest first, whatever the spelling of the tag', () => {
    const groups = entriesByTag([
      entry('a', '2026-01-01', { tags: ['Shopify', 'Speed'] }),
      entry('b', '2026-02-01', { tags: ['shopify'] }),
    ]);
    expect([...groups.keys()].sort()).toEqual(['shopify', 'speed']);
    expect(groups.get('shopify')!.entries.map((e) => e.id)).toEqual(['b', 'a']);
    expect(groups.get('shopify')!.tag).toBe('shopify');
    expect(groups.get('speed')!.tag).toBe('Speed');
  });
});

describe('reading time', () => {
  it('counts 200 words a minute, rounding up, at least one', () => {
    expect(readingMinutes('')).toBe(1);
    expect(readingMinutes('word '.repeat(200))).toBe(1);
    expect(readingMinutes('word '.repeat(201))).toBe(2);
    expect(readingMinutes('word '.repeat(1500))).toBe(8);
  });

  it('reads link text, not addresses, and skips code blocks', () => {
    const body = `[two words](https://example.com/a/very/long/path) ${'```\n'}${'code '.repeat(500)}${'```'}`;
    expect(readingMinutes(body)).toBe(1);
    expect(readingMinutes(`${'word '.repeat(199)}[two words](https://x.example)`)).toBe(2);
  });
});
