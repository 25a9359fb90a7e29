import { describe, expect, it } from 'vitest';
import { linkProblem } from '#src/lib/build-time/content-checks/links.ts';

const pages = ['/', '/services', '/services/shopify', '/contact', '/blog/first-post'];
const site = {
  origin: 'https://www.example.test',
  pages,
  exists: (path: string) => [...pages, '/rss.xml', '/og/default.png'].includes(path),
  redirects: { '/services/shopify-old': '/services/shopify' },
};

describe('which links are checked', () => {
  const goesNowhere = (href: string, from = '/') => linkProblem(href, from, { ...site, exists: () => false });

  it('root-relative, relative and own-site links, without query, # or trailing slash', () => {
    expect(goesNowhere('/services/?a=1#faq')).toMatch(/^the link "\/services\/\?a=1#faq" goes to no page/);
    expect(linkProblem('/services/?a=1#faq', '/', site)).toBeUndefined();
    expect(linkProblem('../contact', '/blog/first-post', site)).toBeUndefined();
    expect(goesNowhere('../contact', '/blog/first-post')).toMatch(/goes to no page/);
    expect(linkProblem('https://www.example.test/contact', '/', site)).toBeUndefined();
    expect(goesNowhere('https://www.example.test/contact')).toMatch(/goes to no page/);
    expect(linkProblem('/caf%C3%A9', '/', { ...site, exists: (path) => path === '/café' })).toBeUndefined();
  });

  it('not other sites, mail, phone, in-page or placeholder links', () => {
    for (const href of [
      'https://shopify.com/x',
      '//cdn.example.org/a',
      'mailto:a@b.c',
      'tel:+44',
      '#faq',
      '{email}',
    ]) {
      expect(goesNowhere(href), href).toBeUndefined();
    }
  });
});

describe('a link’s problem', () => {
  it('is none for a page or a file of the site', () => {
    for (const href of [
      '/services',
      '/services/',
      '/contact#form',
      '/rss.xml',
      'https://www.example.test/',
    ]) {
      expect(linkProblem(href, '/', site), href).toBeUndefined();
    }
  });

  it('names a page that does not exist and suggests the closest one', () => {
    expect(linkProblem('/servces', '/', site)).toBe(
      'the link "/servces" goes to no page on this site. Check the address, e.g. /services.',
    );
    expect(linkProblem('first-pots', '/blog/first-post', site)).toMatch(
      /"first-pots" goes to no page.*e\.g\. \/blog\/first-post\.$/,
    );
  });

  it('names an address that cannot be read', () => {
    expect(linkProblem('/100%', '/', site)).toBe(
      'the link "/100%" is not a web address: check how it is written, e.g. /services.',
    );
  });

  it('names an old address that only redirects and the address to use', () => {
    expect(linkProblem('/services/shopify-old/', '/', site)).toBe(
      'the link "/services/shopify-old/" goes to /services/shopify-old, an old address that only redirects: use /services/shopify instead.',
    );
  });
});
