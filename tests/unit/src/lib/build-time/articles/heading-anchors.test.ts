import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import { headingAnchors } from '#src/lib/build-time/articles/heading-anchors.ts';
import { layoutIds } from '#src/lib/shared/page-layout.ts';

const folders = ['src/content/blog'];
const heading = (text: string, id?: string) => ({
  type: 'element' as const,
  tagName: 'h2',
  properties: id ? { id } : {},
  children: [{ type: 'text', value: text }],
});
const ctx = {
  textContent: (node: ReturnType<typeof heading>) => (node.children[0] as { value: string }).value,
};

describe('heading anchors', () => {
  it('wrap the heading text in a link to its own id', () => {
    const plugin = headingAnchors({ folders })({ fileURL: pathToFileURL('/site/src/content/blog/post.md') })!;
    expect(plugin.element.visit(heading('Start here'), ctx)).toEqual({
      type: 'element',
      tagName: 'h2',
      properties: { id: 'start-here' },
      children: [
        {
          type: 'element',
          tagName: 'a',
          properties: { href: '#start-here' },
          children: [{ type: 'text', value: 'Start here' }],
        },
      ],
    });
  });

  it('give the ids Astro would, numbering repeats, and keep an id already there', () => {
    const plugin = headingAnchors({ folders })({ fileURL: pathToFileURL('/site/src/content/blog/post.md') })!;
    expect(plugin.element.filter).toEqual(['h2', 'h3']);
    const ids = [heading('Why speed sells'), heading('Why speed sells'), heading('Mine', 'custom')].map(
      (node) => plugin.element.visit(node, ctx).properties?.['id'],
    );
    expect(ids).toEqual(['why-speed-sells', 'why-speed-sells-1', 'custom']);
  });

  it('never take an id the layout gives its own elements', () => {
    const plugin = headingAnchors({ folders })({ fileURL: pathToFileURL('/site/src/content/blog/post.md') })!;
    for (const id of layoutIds) {
      const taken = plugin.element.visit(heading(id), ctx).properties?.['id'];
      expect(taken).toBe(`${id}-1`);
    }
  });

  it('leave Markdown outside the article folders alone', () => {
    const factory = headingAnchors({ folders });
    expect(factory({ fileURL: pathToFileURL('/site/src/content/legal/privacy.md') })).toBeNull();
    expect(factory({ fileURL: undefined })).toBeNull();
  });
});
