/**
 * A post and a case study holding every construct CommonMark and GitHub's Markdown allow
 * (tests/support/fixtures/markdown/every-construct.md): fenced code with and without a language,
 * indented and inline code, aligned and wide tables, footnotes, nested quotes and lists, task
 * lists, strikethrough, autolinks, the raw HTML Markdown permits and very long words. Written into a
 * copy of the project, never into src/content/, for
 * tests/integration/src/lib/build-time/articles/markdown-constructs.test.ts.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { ProjectCopy } from './project-copy.ts';
import { markdownFile } from '#tools/markdown-files.ts';
import { content } from './content.ts';

export const constructsBody = readFileSync(
  join(import.meta.dirname, 'fixtures/markdown/every-construct.md'),
  'utf8',
);

export const constructPages = {
  post: { id: 'every-construct', route: '/blog/every-construct' },
  caseStudy: { id: 'every-construct-study', route: '/case-studies/every-construct-study' },
};

/** The fixture's counts, read from its text: what the built page must hold as many of. */
export const constructCounts = {
  /** Fenced blocks (``` pairs) and one indented block. */
  codeBlocks: (constructsBody.match(/^```/gm) ?? []).length / 2 + 1,
  tables: (constructsBody.match(/^\| *:?-+/gm) ?? []).length,
  taskItems: (constructsBody.match(/^\s*- \[[ x]\]/gm) ?? []).length,
  footnotes: (constructsBody.match(/^\[\^[^\]]+\]:/gm) ?? []).length,
};

export function writeMarkdownConstructs(copy: ProjectCopy) {
  for (const folder of ['src/content/blog', 'src/content/case-studies']) copy.remove(folder);
  const published = '2026-01-15';
  copy.write(
    `src/content/blog/${constructPages.post.id}.md`,
    markdownFile(
      {
        title: 'Everything an editor can write',
        description: 'Every construct Markdown allows in a post, each rendered as the reader should see it.',
        publishDate: published,
        author: content.founders[0]!.id,
        tags: ['Markdown'],
      },
      constructsBody,
    ),
  );
  copy.write(
    `src/content/case-studies/${constructPages.caseStudy.id}.md`,
    markdownFile(
      {
        title: 'A case study with everything',
        description: 'Every construct Markdown allows in a case study, each rendered as it should be.',
        publishDate: published,
        client: 'Every Construct Ltd',
        service: content.services[0]!.id,
      },
      constructsBody,
    ),
  );
}
