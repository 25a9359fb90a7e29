import { describe, expect, it } from 'vitest';
import {
  fillHtmlPlaceholders,
  fillPlaceholders,
  mailtoLink,
  splitAtPlaceholder,
} from '@/lib/shared/placeholders';

describe('fillPlaceholders', () => {
  it('replaces known placeholders', () => {
    expect(fillPlaceholders('Packages from {lowestPrice}.', { lowestPrice: '£400' })).toBe(
      'Packages from £400.',
    );
  });

  it('fails loudly on an unknown placeholder, naming it', () => {
    expect(() => fillPlaceholders('from {lowestprice}', { lowestPrice: '£400' })).toThrow(/\{lowestprice\}/);
  });

  it('knows only the values it is given, not what every object inherits', () => {
    expect(() => fillPlaceholders('{constructor}', { brand: 'Scaleworks' })).toThrow(/\{constructor\}/);
    expect(() => fillPlaceholders('{toString}', {})).toThrow(/\{toString\}/);
  });

  it('fills every placeholder in one pass, never one inside a value', () => {
    expect(fillPlaceholders('{title} – page {page}', { title: 'See {page}', page: '2' })).toBe(
      'See {page} – page 2',
    );
  });
});

describe('fillHtmlPlaceholders', () => {
  it('turns {email} into a mailto link and {brand} into the name', () => {
    const html = fillHtmlPlaceholders('<p>Write to {email} at {brand}.</p>', {
      email: mailtoLink('hello@agency.example'),
      brand: 'Scaleworks',
    });
    expect(html).toBe(
      '<p>Write to <a href="mailto:hello@agency.example">hello@agency.example</a> at Scaleworks.</p>',
    );
  });

  it('escapes configured values', () => {
    const html = fillHtmlPlaceholders('{brand}', { email: mailtoLink('a@b.example'), brand: '<b>&Co' });
    expect(html).toBe('&lt;b&gt;&amp;Co');
  });

  it('escapes the address inside a mailto link', () => {
    expect(fillHtmlPlaceholders('{email}', { email: mailtoLink('a&"b@x.example') })).toBe(
      '<a href="mailto:a&amp;&quot;b@x.example">a&amp;&quot;b@x.example</a>',
    );
  });

  it('leaves braces that name no value as they are: Markdown may hold its own', () => {
    const html = '<pre><code>{name}: {count}</code></pre><p>{brand}</p>';
    expect(fillHtmlPlaceholders(html, { brand: 'Scaleworks' })).toBe(
      '<pre><code>{name}: {count}</code></pre><p>Scaleworks</p>',
    );
  });
});

describe('splitAtPlaceholder', () => {
  it('gives the text before and after the placeholder, for an element to go between', () => {
    expect(splitAtPlaceholder('© {year} {brand}. All rights reserved.', 'year')).toEqual([
      '© ',
      ' {brand}. All rights reserved.',
    ]);
    expect(splitAtPlaceholder('email us at {email}', 'email')).toEqual(['email us at ', '']);
  });

  it('gives the text alone when it has no such placeholder', () => {
    const [before, after] = splitAtPlaceholder('Please try again.', 'email');
    expect(before).toBe('Please try again.');
    expect(after).toBeUndefined();
  });
});
