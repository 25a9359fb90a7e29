/**
 * The mistakes the content schemas cannot see in a Markdown file: links to no page or to an old
 * address, pictures without a description, headings that skip a level, and a publishDate still
 * to come. The text is read by Sätteri, the parser the site's pages are built with, so what is
 * checked is what is published (nothing inside a code block, every link form).
 */
import { htmlToHast, markdownToMdast, type HastNode, type MdastNode } from 'satteri';
import { linkProblem, type SiteAddresses } from './links.ts';
import { leftOutOfBuild } from '../articles/articles.ts';
import { futureDateProblem } from './publish-date.ts';
import { yamlFields, type YamlField } from './yaml-fields.ts';

export interface LineProblem {
  line: number;
  message: string;
}

/** What the checks read of a node, in Markdown's or HTML's tree. */
interface TreeNode {
  type: string;
  children?: TreeNode[];
  position?: { start: { line: number } };
  [field: string]: unknown;
}

const tree = (node: MdastNode | HastNode) => node as unknown as TreeNode;

function* walk(node: TreeNode): Generator<TreeNode> {
  yield node;
  for (const child of node.children ?? []) yield* walk(child);
}

const textOf = (node: TreeNode): string =>
  typeof node['value'] === 'string' ? node['value'] : (node.children ?? []).map(textOf).join('');

const hashes = (depth: number) => '#'.repeat(depth);

/** Links and pictures written as HTML inside the Markdown. */
function htmlProblems(html: string, line: number, from: string, site: SiteAddresses): LineProblem[] {
  const problems: LineProblem[] = [];
  for (const node of walk(tree(htmlToHast(html, { fragment: true })))) {
    const properties = (node['properties'] ?? {}) as Record<string, unknown>;
    const href = node['tagName'] === 'a' ? properties['href'] : undefined;
    const message = typeof href === 'string' ? linkProblem(href, from, site) : undefined;
    if (message) problems.push({ line, message });
    const src = node['tagName'] === 'img' ? String(properties['src'] ?? '') : '';
    const missing = src.startsWith('/') ? linkProblem(src, from, site, 'picture') : undefined;
    if (missing) problems.push({ line, message: missing });
    if (node['tagName'] === 'img' && properties['alt'] === undefined) {
      problems.push({
        line,
        message: `the picture "${src}" has no description: add alt="…" saying what it shows, <img src="${src}" alt="like this">.`,
      });
    }
  }
  return problems;
}

export interface MarkdownContext {
  /** The address of the page the file is shown on, which its relative links start from. */
  from: string;
  site: SiteAddresses;
  /** What is a date still to come. */
  today: Date;
  /**
   * Whether to check a draft, or a scheduled entry before its day: the preview shows them, a
   * build leaves them out, so their links may go to pages not built yet.
   */
  unpublished: boolean;
}

/** True for a draft, or an entry scheduled for a day still to come, going by its front matter. */
function leftOut(fields: readonly YamlField[], today: Date): boolean {
  const value = (key: string) => fields.find((field) => field.key === key)?.value;
  const data = {
    draft: value('draft') === true,
    scheduled: value('scheduled') === true,
    publishDate: new Date(String(value('publishDate'))),
  };
  return leftOutOfBuild(data, today);
}

/** Every problem of one Markdown file, in the order of its lines. */
export function markdownProblems(text: string, context: MarkdownContext): LineProblem[] {
  const { from, site, today } = context;
  const problems: LineProblem[] = [];
  // The page's title is its level-1 heading, so the text's first heading is a level 2.
  let previousDepth = 1;
  for (const node of walk(tree(markdownToMdast(text)))) {
    const line = node.position?.start.line ?? 1;
    const url = typeof node['url'] === 'string' ? node['url'] : undefined;
    if (node.type === 'yaml') {
      const fields = yamlFields(String(node['value']), line + 1);
      if (!context.unpublished && leftOut(fields, today)) return [];
      const problem = futureDateProblem(fields, today);
      if (problem) problems.push(problem);
    } else if ((node.type === 'link' || node.type === 'definition') && url !== undefined) {
      const message = linkProblem(url, from, site);
      if (message) problems.push({ line, message });
    } else if (node.type === 'image' || node.type === 'imageReference') {
      // A picture next to the file (./team.jpg) is checked by Astro; one in public/ (/team.jpg) here.
      const message = url?.startsWith('/') ? linkProblem(url, from, site, 'picture') : undefined;
      if (message) problems.push({ line, message });
      if (String(node['alt'] ?? '').trim() === '') {
        const name = url ?? String(node['label'] ?? '');
        problems.push({
          line,
          message: `the picture "${name}" has no description: write what it shows between the square brackets, ![like this](${name}).`,
        });
      }
    } else if (node.type === 'html') {
      problems.push(...htmlProblems(String(node['value']), line, from, site));
    } else if (node.type === 'heading' && typeof node['depth'] === 'number') {
      const depth = node['depth'];
      if (depth > previousDepth + 1) {
        const wanted = previousDepth + 1;
        problems.push({
          line,
          message:
            `the heading "${textOf(node).trim()}" is a level-${depth} heading (${hashes(depth)}) straight after a ` +
            `level-${previousDepth} ${previousDepth === 1 ? 'page title' : `heading (${hashes(previousDepth)})`}: ` +
            `use ${hashes(wanted)} (level ${wanted}) instead, so no level is skipped.`,
        });
      }
      previousDepth = depth;
    }
  }
  return problems.sort((a, b) => a.line - b.line);
}
