/**
 * Content files written as an editor would: a Markdown file from its front matter and body, and
 * prose of any length. The bench's `--articles` case writes its posts with them, the tests their
 * article fixtures.
 */

/** Front matter values as YAML: JSON is valid YAML, so every string is quoted and escaped. */
export function markdownFile(frontMatter: Record<string, unknown>, body: string): string {
  const lines = Object.entries(frontMatter)
    .filter(([, value]) => value !== undefined)
    .map(([key, value]) => `${key}: ${JSON.stringify(value)}`);
  return `---\n${lines.join('\n')}\n---\n\n${body}\n`;
}

/** Word `i` of a sentence said over and over. */
function repeated(sentence: string): (index: number) => string {
  const source = sentence.split(' ');
  return (index) => source[index % source.length]!;
}

/**
 * `words` words of prose in paragraphs of 60, with a `##` heading before every fourth paragraph:
 * a sentence about `topic` over and over, or word `i` as `topic(i)` gives it.
 */
export function articleBody(words: number, topic: string | ((index: number) => string) = 'Shopify'): string {
  const wordAt =
    typeof topic === 'function'
      ? topic
      : repeated(
          `${topic} stores sell more when pages load fast and say plainly what they offer to visitors.`,
        );
  const all = Array.from({ length: words }, (_, i) => wordAt(i));
  const paragraphs: string[] = [];
  for (let start = 0; start < all.length; start += 60) {
    const index = start / 60;
    if (index % 4 === 0) paragraphs.push(`## Part ${index / 4 + 1}`);
    paragraphs.push(all.slice(start, start + 60).join(' '));
  }
  return paragraphs.join('\n\n');
}
