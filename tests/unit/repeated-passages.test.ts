/**
 * No passage of the docs (README, CONTRIBUTING, CONTENT, docs/) or of the code's comments is
 * written twice, in one file or in two: a fact said in two places drifts apart in one of them. A
 * passage is a sentence of twelve words or more, compared without its Markdown, comment marks,
 * case or spacing; the second place links to the first instead of saying it again.
 */
import { describe, expect, it } from 'vitest';
import { code, commentsInPlace, documents, read } from '#support/docs-and-comments.ts';

const shortest = 12;

/** What starts a block of its own: a heading, a table row, a list item. */
const blockStart = /^\s*(?:#{1,6} |\||[-+*] |\d+\. )/;
/** A comment's marks at the start and end of its lines (`/**`, ` * `, `//`, `#`). */
const commentMarks = /^[ \t]*(?:\/\*+|\*+\/|\*(?=\s|$)|\/\/+|#+(?=\s|$))|\*\/[ \t]*$/gm;

/** The words a piece of text says, without Markdown, comment marks, case or spacing. */
const normalised = (text: string) =>
  text
    .replace(/\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/^[ \t]*(?:#+|>|[-+*]|\d+\.)(?=\s|$)/gm, ' ')
    .replace(/[`*_|]/g, ' ')
    .replace(/\s+/g, ' ')
    .trim()
    .toLowerCase();

/** A text's sentences of `shortest` words or more, each with the line it starts on. */
function passages(text: string, { comments = false } = {}): { words: string; line: number }[] {
  const prose = comments ? text.replace(commentMarks, '') : text;
  const lines = prose.replace(/^```[\s\S]*?^```/gm, (fence) => fence.replace(/[^\n]/g, '')).split('\n');
  const blocks: { text: string; line: number }[] = [];
  lines.forEach((line, index) => {
    const last = blocks.at(-1);
    if (!line.trim()) blocks.push({ text: '', line: index + 2 });
    else if (!last || blockStart.test(line) || !last.text) blocks.push({ text: line, line: index + 1 });
    else last.text += `\n${line}`;
  });
  return blocks.flatMap((block) => {
    let line = block.line;
    return block.text.split(/(?<=[.!?])(?=\s)/).flatMap((sentence) => {
      const start = line + (sentence.match(/^\s*/)?.[0].split('\n').length ?? 1) - 1;
      line += sentence.split('\n').length - 1;
      const words = normalised(sentence);
      return words.split(' ').length >= shortest ? [{ words, line: start }] : [];
    });
  });
}

/** Each passage that stands in more than one place, with every place it stands. */
function repeatedPassages(texts: readonly { file: string; text: string; comments?: boolean }[]): string[] {
  const places = new Map<string, string[]>();
  for (const { file, text, comments } of texts) {
    for (const { words, line } of passages(text, { comments }))
      places.set(words, [...(places.get(words) ?? []), `${file}:${line}`]);
  }
  return [...places]
    .filter(([, where]) => where.length > 1)
    .map(([words, where]) => `${where.join(' and ')}: "${words}"`);
}

describe('passages', () => {
  it('are found again across Markdown and comment marks, and named in both places', () => {
    const said = 'The launch check lists every setting still at its placeholder, with where to fix it.';
    const texts = [
      { file: 'a.md', text: `# A\n\nFirst words. ${said.replace('launch check', '`launch check`')}\n` },
      {
        file: 'b.ts',
        comments: true,
        text: `/**\n * Other words.\n * ${said.replace('with where', '\n * with where')}\n */`,
      },
      {
        file: 'c.md',
        text: 'The launch check lists every setting still at its placeholder, and says nothing else.',
      },
    ];
    expect(repeatedPassages(texts)).toEqual([`a.md:3 and b.ts:3: "${said.toLowerCase()}"`]);
  });

  it('are each written once in the docs and comments', () => {
    const texts = [
      ...documents.map((file) => ({ file, text: read(file) })),
      ...code.map((file) => ({ file, text: commentsInPlace(file), comments: true })),
    ];
    expect(texts.length).toBeGreaterThan(100);
    expect(repeatedPassages(texts)).toEqual([]);
  });
});
