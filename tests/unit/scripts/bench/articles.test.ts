import { describe, expect, it } from 'vitest';
import { shareImageSummary } from '../../../../src/integrations/share-images.ts';
import { articleBody, markdownFile } from '../../../../scripts/bench/project-copy.ts';
import { readingMinutes } from '@/lib/build-time/articles/articles';

describe('the build bench', () => {
  it('reads how many share images a build drew and reused from its log', () => {
    const log =
      '[share-images] 238 share images (1 drawn, 237 from the cache), the logo and the site icons in 90ms';
    expect(shareImageSummary.read(log)).toEqual({ images: 238, drawn: 1, reused: 237 });
    expect(shareImageSummary.read(shareImageSummary.write({ images: 3, drawn: 2, reused: 1 }))).toEqual({
      images: 3,
      drawn: 2,
      reused: 1,
    });
    expect(shareImageSummary.read('no such line')).toBeUndefined();
  });

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
