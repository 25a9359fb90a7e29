/**
 * `npm run bench -- --articles [N]`: how build time grows with content. Generates N posts (200 by
 * default; one in ten with a cover) in a temporary copy of the project, builds it from a cold cache,
 * then changes one post's title and builds again, and reports both times with how many share
 * images each build drew. Saved in bench-results/ beside the Lighthouse figures.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { shareImageSummary } from '../../src/integrations/share-images.ts';
import { articleBody, markdownFile } from '../../tools/markdown-files.ts';
import { project, scratchCopy, type CommandResult } from '../../tools/scratch-copy.ts';

const founders = ['amelia-hart', 'daniel-reid'];

function post(index: number, title: string) {
  const withCover = index % 10 === 0;
  return markdownFile(
    {
      title,
      description: `Post ${index} of the build bench: a description of the right length for search results.`,
      publishDate: new Date(Date.UTC(2024, 0, 1 + index)).toISOString().slice(0, 10),
      author: founders[index % founders.length],
      tags: [`Topic ${index % 8}`],
      ...(withCover && { cover: `./post-${index}.jpg`, coverAlt: 'A founder at work' }),
    },
    articleBody(800, `Topic${index % 8}`),
  );
}

function checked(label: string, result: CommandResult) {
  if (result.status !== 0) throw new Error(`The ${label} build failed:\n${result.output.slice(-3000)}`);
  const counts = shareImageSummary.read(result.output);
  const pages = /(\d+) page\(s\) built/.exec(result.output)?.[1];
  return { label, seconds: result.milliseconds / 1000, pages: Number(pages), ...counts };
}

export function benchArticles(count: number) {
  const copy = scratchCopy('bench-articles');
  try {
    for (let index = 1; index <= count; index += 1) {
      if (index % 10 === 0)
        copy.copy(`src/content/founders/${founders[index % 2]}.jpg`, `src/content/blog/post-${index}.jpg`);
      copy.write(`src/content/blog/post-${index}.md`, post(index, `Bench post number ${index}`));
    }
    process.stderr.write(`${count} posts written in ${copy.dir}; building…\n`);
    const full = checked('full (cold cache)', copy.build());
    copy.write('src/content/blog/post-1.md', post(1, 'Bench post number 1, edited'));
    const incremental = checked('after editing one post', copy.build());

    const rows = [full, incremental].map(
      (row) =>
        `${row.label.padEnd(24)} ${row.seconds.toFixed(1).padStart(6)} s  ${String(row.pages).padStart(4)} pages  ` +
        `${row.drawn ?? '?'} share images drawn, ${row.reused ?? '?'} from the cache`,
    );
    console.log(`\nBuild time with ${count} posts\n\n${rows.join('\n')}`);
    const folder = join(project, 'bench-results');
    mkdirSync(folder, { recursive: true });
    const stamp = new Date().toISOString().replace(/[:.]/g, '-');
    const summary = JSON.stringify(
      { date: new Date().toISOString(), posts: count, full, incremental },
      null,
      2,
    );
    writeFileSync(join(folder, `articles-${stamp}.json`), summary);
    console.log(`\nSaved bench-results/articles-${stamp}.json`);
  } finally {
    copy.cleanup();
  }
}
