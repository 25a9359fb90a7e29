/**
 * The editor's mistakes the content schemas cannot see, in every file of src/content/: links to
 * no page or to an old address (in Markdown, and in the `href` fields of the YAML files), pictures
 * without a description, headings that skip a level, and a publishDate still to come that is not
 * marked `scheduled`. Each problem names the file, the line and the fix, in the editor's words.
 * Pure: src/integrations/content-checks.ts reads the files and the built site's pages.
 */
import { articleBase, type ArticleKind } from '../articles/articles.ts';
import { linkProblem, type SiteAddresses } from './links.ts';
import { markdownProblems, type LineProblem } from './markdown.ts';
import { yamlFields } from './yaml-fields.ts';

export type { SiteAddresses } from './links.ts';

export interface ContentFile {
  /** The path from the project's folder, e.g. src/content/blog/shopify-speed.md. */
  path: string;
  text: string;
}

export interface ContentProblem extends LineProblem {
  file: string;
}

/** The YAML fields that hold a link, e.g. the list pages' `links` (src/schemas/articles.ts). */
const linkFields = new Set(['href']);

/** The address of the page a Markdown file is shown on, which its relative links start from. */
function pageOf(path: string): string {
  const article = /src\/content\/(blog|case-studies)\/([^/]+)\.md$/.exec(path);
  if (article) return `${articleBase[article[1] as ArticleKind]}/${article[2]}`;
  return '/';
}

function yamlProblems(text: string, site: SiteAddresses): LineProblem[] {
  return yamlFields(text).flatMap(({ key, value, line }) => {
    const message =
      linkFields.has(key) && typeof value === 'string' ? linkProblem(value, '/', site) : undefined;
    return message ? [{ line, message }] : [];
  });
}

/**
 * Every problem of the given content files, file by file. `unpublished`: whether drafts and
 * entries scheduled for later are checked too (the preview shows them; a build leaves them out).
 */
export function contentProblems(
  files: readonly ContentFile[],
  site: SiteAddresses,
  { today, unpublished }: { today: Date; unpublished: boolean },
): ContentProblem[] {
  return files.flatMap(({ path, text }) => {
    const problems = path.endsWith('.md')
      ? markdownProblems(text, { from: pageOf(path), site, today, unpublished })
      : /\.ya?ml$/.test(path)
        ? yamlProblems(text, site)
        : [];
    return problems.map((problem) => ({ file: path, ...problem }));
  });
}

/** One line a problem, `file:line: message`, as an editor's tools and the terminal link them. */
export const problemLines = (problems: readonly ContentProblem[]) =>
  problems.map(({ file, line, message }) => `${file}:${line}: ${message}`).join('\n');

/** The problems as the editor reads them, found `where`: one `file:line: what to do` line each. */
export function mistakesToFix(where: string, problems: readonly ContentProblem[]): string {
  const count = problems.length === 1 ? 'One mistake' : `${problems.length} mistakes`;
  return `${count} in ${where} to fix before the site can be built:\n${problemLines(problems)}`;
}

export const formatContentProblems = (problems: readonly ContentProblem[]) =>
  mistakesToFix('src/content/', problems);
