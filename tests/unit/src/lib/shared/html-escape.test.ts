import { describe, expect, it } from 'vitest';
import { escapeHtml } from '@/lib/shared/html-escape';
import { htmlElements } from '@/lib/build-time/html-elements';

describe('HTML escaping', () => {
  it('escapes the five HTML-significant characters', () => {
    expect(escapeHtml(`<a href="x" title='y'>&</a>`)).toBe(
      '&lt;a href=&quot;x&quot; title=&#39;y&#39;&gt;&amp;&lt;/a&gt;',
    );
  });

  it('gives back the exact text when a browser reads it, as an element or in an attribute', () => {
    const text = `<a href="x" title='y'>&amp; Tom & Jerry's</a>`;
    const [paragraph] = htmlElements(
      `<p title="${escapeHtml(text)}" data-x='${escapeHtml(text)}'>${escapeHtml(text)}</p>`,
    ).filter(({ name }) => name === 'p');
    expect(paragraph?.text).toBe(text);
    expect(paragraph?.attributes).toEqual({ title: text, 'data-x': text });
    expect(paragraph?.elements).toEqual([]);
  });
});
