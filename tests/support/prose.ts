/**
 * Long text for the byte budgets' tests, made from text the repository holds (never written out):
 * the words of `source`, shuffled by a fixed seed into paragraphs of 60 with a `##` heading before
 * every fourth (scripts/bench's articleBody). Shuffled words compress about as well as prose
 * does; repeating a text would not (gzip finds the copy and sends it for a few bytes).
 */
import { articleBody } from '#tools/markdown-files.ts';

/** The plain words of a Markdown text: no markup, links or `{placeholder}`. */
const plainWords = (markdown: string) =>
  markdown.split(/\s+/).filter((word) => /^\p{L}[\p{L}'’,.;:-]*$/u.test(word));

export function proseFrom(source: string, words: number): string {
  const pool = plainWords(source);
  if (pool.length === 0) throw new Error('No words to make prose from');
  let seed = 20_260_101;
  return articleBody(words, () => {
    seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31;
    return pool[Math.floor((seed / 2 ** 31) * pool.length)]!;
  });
}

/** A Markdown file's body, after its front matter. */
export const markdownBody = (file: string) => file.replace(/^---\n[\s\S]*?\n---\n/, '');
