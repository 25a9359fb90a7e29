import { describe, expect, it } from 'vitest';
import {
  formatNarrowPictures,
  isArticleFile,
  narrowPicture,
  picturesBesideFile,
} from '#src/lib/build-time/content-checks/picture-widths.ts';
import { articleColumnWidth } from '#src/lib/build-time/images/article-pictures.ts';

const file = 'src/content/blog/post.md';
const post = [
  '---',
  'title: A post',
  'cover: ./cover.jpg',
  '---',
  '',
  '![The team](./team.jpg)',
  '',
  'Text with ![a logo](/media/logo.png) and ![a chart](https://images.example/chart.png).',
  '',
  '```',
  '![not a picture](./code.jpg)',
  '```',
].join('\n');

describe('photos narrower than the article column', () => {
  it('are looked for in the cover and the text of posts and case studies, beside their file', () => {
    expect(picturesBesideFile(file, post)).toEqual([
      { file, line: 3, src: './cover.jpg' },
      { file, line: 6, src: './team.jpg' },
    ]);
    expect(isArticleFile(file)).toBe(true);
    expect(isArticleFile('src/content/case-studies/shop.md')).toBe(true);
    expect(isArticleFile('src/content/legal/privacy.md')).toBe(false);
  });

  it('are warned about with their file, line and the width they need; a photo as wide as the column is not', () => {
    const use = { file, line: 6, src: './team.jpg' };
    const warning = narrowPicture(use, articleColumnWidth - 1);
    expect(warning).toMatchObject({ file, line: 6 });
    expect(warning?.message).toContain(`./team.jpg is ${articleColumnWidth - 1} pixels wide`);
    expect(warning?.message).toContain(`at least ${articleColumnWidth * 2} pixels wide`);
    expect(narrowPicture(use, articleColumnWidth)).toBeUndefined();
    expect(narrowPicture(use, 4032)).toBeUndefined();
    expect(formatNarrowPictures([warning!])).toMatch(
      new RegExp(`^One photo in src/content/ .*\\n${file}:6: the photo \\./team\\.jpg is`),
    );
  });
});
