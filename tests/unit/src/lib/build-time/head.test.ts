import { describe, expect, it } from 'vitest';
import { absoluteUrl, buildHead, pageTitle, serialiseJsonLd } from '@/lib/build-time/head';

const identity = { brand: 'Scaleworks', url: 'https://www.agency.example', locale: 'en-GB' };
const meta = (head: ReturnType<typeof buildHead>, key: string) =>
  head.meta.find((tag) => tag.name === key || tag.property === key)?.content;

describe('buildHead', () => {
  const head = buildHead({ title: 'About', description: 'Meet the founders.', path: '/about/' }, identity);

  it('appends the brand to the title', () => {
    expect(head.title).toBe('About | Scaleworks');
    expect(pageTitle('Building Brands That Scale', 'Scaleworks')).toBe(
      'Building Brands That Scale | Scaleworks',
    );
  });

  it('makes the canonical and share URLs absolute, without a trailing slash', () => {
    expect(head.canonical).toBe('https://www.agency.example/about');
    expect(meta(head, 'og:url')).toBe('https://www.agency.example/about');
    expect(meta(head, 'og:image')).toBe('https://www.agency.example/og/default.png');
    // X falls back to og:image: no second copy.
    expect(meta(head, 'twitter:image')).toBeUndefined();
  });

  it('fills every share tag', () => {
    expect(meta(head, 'description')).toBe('Meet the founders.');
    expect(meta(head, 'og:title')).toBe('About | Scaleworks');
    expect(meta(head, 'og:description')).toBe('Meet the founders.');
    expect(meta(head, 'og:site_name')).toBe('Scaleworks');
    expect(meta(head, 'og:locale')).toBe('en_GB');
    expect(meta(head, 'og:image:width')).toBe('1200');
    expect(meta(head, 'og:image:height')).toBe('630');
    expect(meta(head, 'og:image:alt')).toMatch(/Scaleworks/);
    expect(meta(head, 'twitter:card')).toBe('summary_large_image');
    expect(head.robots).toBe('index, follow');
  });

  it('keeps noindex pages out of the index, with no canonical', () => {
    const notFound = buildHead(
      { title: 'Page Not Found', description: 'x', path: '/404', noindex: true },
      identity,
    );
    expect(notFound.robots).toBe('noindex, follow');
    expect(notFound.canonical).toBeUndefined();
  });

  it('uses a page image when given one', () => {
    const withImage = buildHead(
      {
        title: 'Home',
        description: 'x',
        path: '/',
        image: { path: '/og/home.png', alt: 'Home', width: 1200, height: 630 },
      },
      identity,
    );
    expect(meta(withImage, 'og:image')).toBe('https://www.agency.example/og/home.png');
    expect(withImage.canonical).toBe('https://www.agency.example/');
  });
});

describe('absoluteUrl', () => {
  it('refuses a relative path', () => {
    expect(() => absoluteUrl('about', identity.url)).toThrow();
  });
});

describe('serialiseJsonLd', () => {
  it('cannot close its own script element', () => {
    const json = serialiseJsonLd({ name: '</script><script>alert(1)</script>' });
    expect(json).not.toContain('</script>');
    expect(JSON.parse(json).name).toBe('</script><script>alert(1)</script>');
  });
});

describe('articles and lists in the head', () => {
  it('names the blog feed on every page, by an absolute URL', () => {
    const head = buildHead({ title: 'About', description: 'x', path: '/about' }, identity);
    expect(head.links).toEqual([
      {
        rel: 'alternate',
        type: 'application/rss+xml',
        title: 'Scaleworks blog',
        href: 'https://www.agency.example/rss.xml',
      },
    ]);
  });

  it('links a list page to its neighbours', () => {
    const head = buildHead(
      { title: 'Blog', description: 'x', path: '/blog/2', pagination: { prev: '/blog', next: '/blog/3' } },
      identity,
    );
    expect(head.links.slice(0, 2)).toEqual([
      { rel: 'prev', href: 'https://www.agency.example/blog' },
      { rel: 'next', href: 'https://www.agency.example/blog/3' },
    ]);
  });

  it('shares an entry as an article with its dates and tags', () => {
    const head = buildHead(
      {
        title: 'Post',
        description: 'x',
        path: '/blog/post',
        article: { publishedTime: '2026-11-02', modifiedTime: '2026-11-20', tags: ['Shopify', 'Speed'] },
      },
      identity,
    );
    expect(meta(head, 'og:type')).toBe('article');
    expect(meta(head, 'article:published_time')).toBe('2026-11-02');
    expect(meta(head, 'article:modified_time')).toBe('2026-11-20');
    expect(head.meta.filter((tag) => tag.property === 'article:tag').map((tag) => tag.content)).toEqual([
      'Shopify',
      'Speed',
    ]);
    expect(meta(buildHead({ title: 'About', description: 'x', path: '/about' }, identity), 'og:type')).toBe(
      'website',
    );
  });
});
