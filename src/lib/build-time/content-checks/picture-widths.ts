/**
 * Photos narrower than the article column shows them: a post's or case study's cover, or a picture
 * in its text, placed beside the file (`./team.jpg`). The page still works, so the build warns
 * rather than stops, naming the file, the line and the width the photo needs. A wider photo costs
 * a reader nothing: every picture is resized to the widths a screen asks for
 * (src/lib/build-time/images/article-pictures.ts).
 * Pure: src/integrations/content-checks.ts reads each photo's width.
 */
import { markdownToMdast } from 'satteri';
import { articleColumnWidth } from '../images/article-pictures.ts';
import { problemLines, type ContentProblem } from './content-checks.ts';
import { yamlFields } from './yaml-fields.ts';

/** A picture a Markdown file names, as written there (`./team.jpg`), with its line. */
export interface PictureUse {
  file: string;
  line: number;
  src: string;
}

interface TreeNode {
  type: string;
  url?: string;
  value?: string;
  children?: TreeNode[];
  position?: { start: { line: number } };
}

/** A picture Astro resizes: a path from the Markdown file (`./team.jpg`), not an address. */
const isBesideFile = (src: string) => !src.startsWith('/') && !URL.canParse(src);

/** True for a post's or case study's file, the pages whose photos fill the article column. */
export const isArticleFile = (path: string) => /(^|\/)src\/content\/(blog|case-studies)\/.+\.md$/.test(path);

/** The cover and every picture in the text that lie beside the file, in the order of their lines. */
export function picturesBesideFile(file: string, text: string): PictureUse[] {
  const uses: PictureUse[] = [];
  const visit = (node: TreeNode) => {
    const line = node.position?.start.line ?? 1;
    if (node.type === 'yaml') {
      const cover = yamlFields(node.value ?? '', line + 1).find(({ key }) => key === 'cover');
      if (typeof cover?.value === 'string') uses.push({ file, line: cover.line, src: cover.value });
    }
    if (node.type === 'image' && node.url) uses.push({ file, line, src: node.url });
    node.children?.forEach(visit);
  };
  visit(markdownToMdast(text) as unknown as TreeNode);
  return uses.filter(({ src }) => isBesideFile(src));
}

/** The warning for a photo `width` pixels wide, or undefined when it fills the column. */
export function narrowPicture(use: PictureUse, width: number): ContentProblem | undefined {
  if (width >= articleColumnWidth) return undefined;
  return {
    file: use.file,
    line: use.line,
    message:
      `the photo ${use.src} is ${width} pixels wide, narrower than the ${articleColumnWidth} it is shown at, so it ` +
      `looks blurred: use a copy at least ${articleColumnWidth * 2} pixels wide (the camera's original is fine, ` +
      `the site makes the smaller copies).`,
  };
}

/** The build's warning for the narrow photos found, in the form of its other content messages. */
export function formatNarrowPictures(problems: readonly ContentProblem[]): string {
  const count = problems.length === 1 ? 'One photo' : `${problems.length} photos`;
  return `${count} in src/content/ narrower than the page shows them (the site still builds):\n${problemLines(problems)}`;
}
