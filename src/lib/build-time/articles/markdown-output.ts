/**
 * A Markdown (Sätteri hast) plugin that makes what GFM produces hold under the pages'
 * Content-Security-Policy and accessible:
 * - a column's alignment (`:---:`) comes out as `style="text-align: …"`, which the policy refuses: it
 *   becomes a class (`align-center`, styled with the article's prose);
 * - a table is wrapped in a labelled, focusable region that scrolls sideways on its own, so a wide
 *   table never widens the page and a keyboard can scroll it;
 * - a task list's checkbox has no label: it takes its item's text as its name.
 */
import type { Element } from './hast-plugins.ts';
import { tableScrollClass } from './markdown-classes.ts';

interface Parent {
  children?: readonly unknown[];
}

interface VisitContext {
  textContent(node: unknown): string;
  setProperty(node: Element, key: string, value: unknown): void;
  wrapNode(node: Element, wrapper: Element): void;
  parent(node: Element): Parent | undefined;
}

/** The class a table cell's alignment becomes. */
const alignClass = (align: string) => `align-${align}`;

/** The accessible name of the box a table scrolls in: its number in the text and its columns. */
const tableLabel = (index: number, columns: readonly string[]) =>
  [`Table ${index}`, columns.filter(Boolean).join(', ')].filter(Boolean).join(': ');

const isElement = (node: unknown, ...names: string[]): node is Element =>
  (node as Element | undefined)?.type === 'element' &&
  (names.length === 0 || names.includes((node as Element).tagName));

function descendants(node: Element, name: string): Element[] {
  return (node.children ?? []).flatMap((child) =>
    isElement(child) ? [...(child.tagName === name ? [child] : []), ...descendants(child, name)] : [],
  );
}

export function markdownOutput() {
  return () => {
    let tables = 0;
    return {
      name: 'markdown-output',
      element: {
        filter: ['th', 'td', 'table', 'input'],
        visit(node: Element, ctx: VisitContext) {
          if (node.tagName === 'table') {
            tables += 1;
            const head = descendants(node, 'tr')[0];
            const columns = head ? descendants(head, 'th').map((cell) => ctx.textContent(cell).trim()) : [];
            ctx.wrapNode(node, {
              type: 'element',
              tagName: 'div',
              properties: {
                className: [tableScrollClass],
                role: 'region',
                tabIndex: 0,
                ariaLabel: tableLabel(tables, columns),
              },
              children: [],
            });
            return;
          }
          if (node.tagName === 'input') {
            if (node.properties?.['type'] !== 'checkbox') return;
            // The item's own words: what follows the box, up to any list nested in the item.
            const siblings = ctx.parent(node)?.children ?? [];
            const words = siblings
              .filter((child) => !isElement(child, 'input', 'ul', 'ol'))
              .map((child) => ctx.textContent(child))
              .join('')
              .trim();
            // An item with no words of its own is still named, by its state.
            const state = node.properties?.['checked'] === true ? 'Done' : 'To do';
            ctx.setProperty(node, 'ariaLabel', words || state);
            return;
          }
          const style = node.properties?.['style'];
          const align = typeof style === 'string' && /text-align:\s*(left|center|right)/.exec(style)?.[1];
          if (!align) return;
          ctx.setProperty(node, 'style', null);
          ctx.setProperty(node, 'className', [alignClass(align)]);
        },
      },
    };
  };
}
