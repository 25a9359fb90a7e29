import { describe, expect, it } from 'vitest';
import { shareImageSummary } from '#src/integrations/share-images.ts';

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
});
