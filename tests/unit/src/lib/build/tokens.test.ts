import { describe, expect, it } from 'vitest';
import { fillHtmlTokens } from '@/lib/build/tokens';

describe('fillHtmlTokens', () => {
  it('turns {email} into a mailto link and {brand} into the name', () => {
    const html = fillHtmlTokens('<p>Write to {email} at {brand}.</p>', {
      email: 'hello@agency.example',
      brand: 'Scaleworks',
    });
    expect(html).toBe(
      '<p>Write to <a href="mailto:hello@agency.example">hello@agency.example</a> at Scaleworks.</p>',
    );
  });

  it('escapes configured values', () => {
    const html = fillHtmlTokens('{brand}', { email: 'a@b.example', brand: '<b>&Co' });
    expect(html).toBe('&lt;b&gt;&amp;Co');
  });
});
