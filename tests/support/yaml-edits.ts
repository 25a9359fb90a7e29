/**
 * Edits a content file's YAML the way an editor would, through its document, so comments and
 * order stay as they were and an edit is built from what the file holds now, whatever that is.
 */
import { parseDocument, type Document } from 'yaml';

/** The text of `yaml` after `edit` has changed its document. */
export function editedYaml(yaml: string, edit: (document: Document) => void): string {
  const document = parseDocument(yaml);
  edit(document);
  return document.toString();
}

/** The same for a Markdown file's front matter, leaving its body as it is. */
export function editedFrontMatter(markdown: string, edit: (document: Document) => void): string {
  const match = /^---\n([\s\S]*?\n)---\n/.exec(markdown);
  if (!match) throw new Error('No front matter to edit');
  return `---\n${editedYaml(match[1]!, edit)}---\n${markdown.slice(match[0].length)}`;
}
