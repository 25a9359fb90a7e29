/**
 * A Markdown (Sätteri hast) plugin that makes each `##`/`###` heading of a post or case study a
 * link to itself, so a reader can copy the address of a section. The heading's text is the link's
 * name (nothing extra for a screen reader to announce); CSS adds the visible "#".
 *
 * Ids are the ones Astro would give (github-slugger, as its heading-ids plugin), set here because
 * user plugins run before Astro's: it keeps an id it finds, so `render()`'s headings still match.
 */
import GithubSlugger from 'github-slugger';
import { layoutIds } from '../../shared/page-layout.ts';
import { inFolders, type Element, type FolderOptions } from './hast-plugins.ts';

interface VisitContext {
  textContent(node: Element): string;
}

/** The heading with its content wrapped in a link to its own id. */
function linkedHeading(node: Element, id: string): Element {
  return {
    ...node,
    properties: { ...node.properties, id },
    children: [
      { type: 'element', tagName: 'a', properties: { href: `#${id}` }, children: node.children ?? [] },
    ],
  };
}

export function headingAnchors(options: FolderOptions) {
  const changes = inFolders(options);
  // A factory: Sätteri calls it once per document, so each document gets its own slugger.
  return ({ fileURL }: { fileURL: URL | undefined }) => {
    if (!changes(fileURL)) return null;
    const slugger = new GithubSlugger();
    // The layout's own ids are taken first: a heading called "Main" becomes `main-1`, as a second
    // heading of the same name would.
    for (const id of layoutIds) slugger.slug(id);
    return {
      name: 'heading-anchors',
      element: {
        filter: ['h2', 'h3'],
        visit(node: Element, ctx: VisitContext) {
          // The footnotes' heading is for screen readers alone: a link in it would take keyboard
          // focus out of sight.
          const classes = node.properties?.['className'];
          if (Array.isArray(classes) && classes.includes('sr-only')) return node;
          const existing = node.properties?.['id'];
          return linkedHeading(
            node,
            typeof existing === 'string' ? existing : slugger.slug(ctx.textContent(node)),
          );
        },
      },
    };
  };
}
