import { describe, expect, it } from 'vitest';
import { decodeEntities, escapeHtml } from '@/lib/shared/html-escape';

describe('HTML escaping', () => {
  it('escapes the five HTML-significant characters', () => {
    expect(escapeHtml(`<a href="x" title='y'>&</a>`)).toBe(
      '&lt;a href=&quot;x&quot; title=&#39;y&#39;&gt;&amp;&lt;/a&gt;',
    );
  });

  it('decodes the entities Astro escapes, and undoes its own escaping', () => {
    expect(decodeEntities('Tom &amp; Jerry&#39;s &lt;b&gt; &quot;q&quot; &#x2014; &nbsp;&unknown;')).toBe(
      'Tom & Jerry\'s <b> "q" \u2014 \u00a0&unknown;',
    );
    const text = `<a href="x" title='y'>&amp;</a>`;
    expect(decodeEntities(escapeHtml(text))).toBe(text);
  });
});
