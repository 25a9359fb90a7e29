import { describe, expect, it } from 'vitest';
import { htmlElements } from '@/lib/build-time/html-elements';

const elementsNamed = (html: string, name: string) =>
  htmlElements(html).filter((element) => element.name === name);

describe('htmlElements', () => {
  it('reads elements as a browser does, where regular expressions would be fooled', () => {
    const html = `<!doctype html><title>Tom &amp; Jerry | Brand</title>
      <!-- <meta property="og:title" content="commented out"> -->
      <meta property="og:title" content="a &gt; b &quot;q&quot;" data-note='x > y'>
      <ul id="menu"><li><a href="/one">One &amp; only</a></li><li><a href=/two>Two</a></ul>`;
    expect(elementsNamed(html, 'title').map(({ text }) => text)).toEqual(['Tom & Jerry | Brand']);
    expect(elementsNamed(html, 'meta').map(({ attributes }) => attributes)).toEqual([
      { property: 'og:title', content: 'a > b "q"', 'data-note': 'x > y' },
    ]);
    const menu = htmlElements(html).find(({ attributes }) => attributes['id'] === 'menu');
    expect(
      menu?.elements.filter(({ name }) => name === 'a').map((a) => [a.attributes['href'], a.text]),
    ).toEqual([
      ['/one', 'One & only'],
      ['/two', 'Two'],
    ]);
    expect(menu?.text).toBe('One & onlyTwo');
  });

  it('reads <template> contents, and <noscript> contents only with scripting off', () => {
    const html = '<template><style>a{}</style></template><noscript><style>b{}</style></noscript>';
    expect(elementsNamed(html, 'style').map(({ text }) => text)).toEqual(['a{}']);
    const noJs = htmlElements(html, { scriptingEnabled: false }).filter(({ name }) => name === 'style');
    expect(noJs.map(({ text }) => text)).toEqual(['a{}', 'b{}']);
  });
});
