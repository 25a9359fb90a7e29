/**
 * The plain values of a YAML text (a content file, or a Markdown file's front matter), each with
 * the line it is written on, so a problem can be pointed at the line an editor sees.
 */
import { isScalar, LineCounter, parseDocument, visit } from 'yaml';

export interface YamlField {
  /** The field's own name, e.g. `href` for `links.0.href`. */
  key: string;
  value: unknown;
  /** The line of the value in the file, counting from 1. */
  line: number;
}

/**
 * Every `name: value` pair with a plain value, at any depth. `firstLine` is the file's line the
 * text starts on (front matter starts on the line after its `---`). A text YAML cannot read gives
 * none: the content schemas report it, with its line.
 */
export function yamlFields(text: string, firstLine = 1): YamlField[] {
  const lineCounter = new LineCounter();
  const document = parseDocument(text, { lineCounter });
  if (document.errors.length > 0) return [];
  const fields: YamlField[] = [];
  visit(document, {
    Pair(_, pair) {
      if (!isScalar(pair.key) || !isScalar(pair.value) || !pair.value.range) return;
      fields.push({
        key: String(pair.key.value),
        value: pair.value.value,
        line: lineCounter.linePos(pair.value.range[0]).line + firstLine - 1,
      });
    },
  });
  return fields;
}
