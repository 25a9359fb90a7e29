/**
 * An editor's mistake in a post or case study stops the build and says which file and which field
 * to fix: one temporary copy, checked first against the schemas (`astro sync`, as every build
 * starts; every case in one process, `syncEach`), then built with references to a founder and a
 * service that do not exist.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { copyProject, type SyncResult } from '#support/project-copy.ts';
import { markdownFile } from '#tools/markdown-files.ts';
import { project } from '#tools/scratch-copy.ts';
import { content } from '#support/content.ts';

const copy = copyProject('article-errors');
afterAll(() => copy.cleanup());

const [founder] = content.founders;
const post = {
  title: 'A post',
  description: 'A description of the post, long enough for search results.',
  publishDate: '2026-11-02',
  author: founder!.id,
};
/** The entries of a content folder, as it holds them now. */
const idsIn = (folder: 'founders' | 'services') =>
  readdirSync(join(project, 'src/content', folder))
    .filter((file) => /\.(md|yaml)$/.test(file))
    .map((file) => file.replace(/\.(md|yaml)$/, ''))
    .sort();
/** The entries an error about `file` says the folder has. */
const listedIn = (output: string, file: string, folder: string) =>
  new RegExp(`${file}: .*\\(src/content/${folder}/ has: ([^)]*)\\)`).exec(output)?.[1]?.split(', ').sort();

/** The first Markdown example under a heading of CONTENT.md. */
function guideExample(heading: string): string {
  const guide = readFileSync(join(project, 'CONTENT.md'), 'utf8');
  const section = guide.slice(guide.indexOf(`## ${heading}\n`));
  const example = /```markdown\n([\s\S]*?)```/.exec(section)?.[1];
  if (!example) throw new Error(`No example under "${heading}" in CONTENT.md`);
  return example;
}

const badPost = 'src/content/blog/bad-front-matter.md';
/** Each case: a file it adds to the content as it is now, checked on its own. */
const cases = {
  guidePost: { file: 'src/content/blog/shopify-speed.md', text: guideExample('Publish a post') },
  guideStudy: {
    file: 'src/content/case-studies/skincare-rebuild.md',
    text: guideExample('Publish a case study'),
  },
  badFields: {
    file: badPost,
    text: markdownFile({ ...post, description: 'x'.repeat(161), publishDate: 'last Tuesday' }, 'Text.'),
  },
  // A cover without its description is checked once the fields themselves are right.
  missingAlt: { file: badPost, text: markdownFile({ ...post, cover: './cover.jpg' }, 'Text.') },
};

let synced: Record<keyof typeof cases, SyncResult>;
beforeAll(() => {
  // The covers the examples and the broken post name.
  copy.copy(founder!.photoFile, 'src/content/blog/shopify-speed.jpg');
  copy.copy(founder!.photoFile, 'src/content/case-studies/skincare-rebuild.jpg');
  copy.copy(founder!.photoFile, 'src/content/blog/cover.jpg');
  synced = copy.syncEach(cases);
});

describe('the editor’s guide', () => {
  it('gives a complete example file of a post and of a case study that the schemas accept', () => {
    for (const result of [synced.guidePost, synced.guideStudy]) {
      expect(result.output).not.toMatch(/error/i);
      expect(result.status).toBe(0);
    }
  });
});

describe('a broken article', () => {
  it('fails the schema check, naming the file and each wrong field', () => {
    const result = synced.badFields;
    expect(result.status).not.toBe(0);
    expect(result.output).toContain(badPost);
    expect(result.output).toMatch(/description\W+keep it under 160 characters/);
    expect(result.output).toMatch(/publishDate\W+must be a date written YYYY-MM-DD/);

    const missingAlt = synced.missingAlt;
    expect(missingAlt.status).not.toBe(0);
    expect(missingAlt.output).toContain(badPost);
    expect(missingAlt.output).toMatch(/coverAlt\W+describe the cover for people who cannot see it/);
  });

  it('fails the build on a founder or a service that does not exist, naming file, field and entry', () => {
    copy.write('src/content/blog/unknown-author.md', markdownFile({ ...post, author: 'jane-doe' }, 'Text.'));
    copy.write(
      'src/content/case-studies/unknown-service.md',
      markdownFile({ ...post, author: undefined, client: 'A client', service: 'seo-audits' }, 'Text.'),
    );
    const result = copy.build();
    expect(result.status).not.toBe(0);
    const author = 'src/content/blog/unknown-author.md';
    expect(result.output).toContain(`${author}: author: "jane-doe" is not in founders`);
    expect(listedIn(result.output, author, 'founders')).toEqual(idsIn('founders'));
    const service = 'src/content/case-studies/unknown-service.md';
    expect(result.output).toContain(`${service}: service: "seo-audits" is not in services`);
    expect(listedIn(result.output, service, 'services')).toEqual(idsIn('services'));
  });
});
