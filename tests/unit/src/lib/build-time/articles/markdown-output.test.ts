/**
 * What GFM produces, made to hold under the pages' CSP and accessible: alignment as classes, never
 * `style=`; each table in a labelled, focusable region of its own name; each task box named.
 */
import { markdownToHtml } from 'satteri';
import { describe, expect, it } from 'vitest';
import { markdownOutput } from '#src/lib/build-time/articles/markdown-output.ts';
import { htmlElements } from '#src/lib/build-time/html-elements.ts';

const render = (markdown: string) =>
  htmlElements(
    markdownToHtml(markdown, { features: { gfm: true }, hastPlugins: [markdownOutput()] as never }).html,
  );

describe('the Markdown output', () => {
  it('aligns table columns with classes, with no inline style', () => {
    const elements = render('| A | B | C |\n| :-- | :-: | --: |\n| 1 | 2 | 3 |\n');
    expect(elements.filter(({ attributes }) => 'style' in attributes)).toEqual([]);
    const cells = elements.filter(({ name }) => name === 'th' || name === 'td');
    expect(cells.map(({ attributes }) => attributes['class'])).toEqual([
      'align-left',
      'align-center',
      'align-right',
      'align-left',
      'align-center',
      'align-right',
    ]);
  });

  it('puts each table in a focusable region named by its number and its columns', () => {
    const table = '| Plan | Price |\n| --- | --- |\n| A | 1 |\n';
    const regions = render(`${table}\nText.\n\n${table}\n| | |\n|--|--|\n|a|b|\n`).filter(
      ({ attributes }) => attributes['role'] === 'region',
    );
    expect(regions.map(({ attributes }) => [attributes['aria-label'], attributes['tabindex']])).toEqual([
      ['Table 1: Plan, Price', '0'],
      ['Table 2: Plan, Price', '0'],
      ['Table 3', '0'],
    ]);
    for (const region of regions)
      expect(region.elements.filter(({ name }) => name === 'table')).toHaveLength(1);
  });

  it('names each task box by its item’s own words, not those of a list inside it', () => {
    const boxes = render(
      '- [x] Agree the brief\n- [ ] Build the theme\n  - [ ] Check it on a phone\n',
    ).filter(({ name }) => name === 'input');
    expect(boxes.map(({ attributes }) => attributes['aria-label'])).toEqual([
      'Agree the brief',
      'Build the theme',
      'Check it on a phone',
    ]);
  });
});
