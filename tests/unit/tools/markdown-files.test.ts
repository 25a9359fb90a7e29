import { describe, expect, it } from 'vitest';
import { articleBody, markdownFile } from '#tools/markdown-files.ts';
import { readingMinutes } from '@/lib/build-time/articles/articles';

describe('generated content files', () => {
  it('writes posts of the asked length, with front matter that quotes every value', () => {
    const body = articleBody(1500);
    const words = body.split(/\s+/).filter((word) => !/^#+$/.test(word) && !/^(Part|\d+)$/.test(word));
    expect(words).toHaveLength(1500);
    expect(body).toContain('## Part 1');
    expect(readingMinutes(body)).toBe(8);
    expect(markdownFile({ title: 'A: b', tags: ['x'], cover: undefined }, 'Text')).toBe(
      '---\ntitle: "A: b"\ntags: ["x"]\n---\n\nText\n',
    );
  });
});
