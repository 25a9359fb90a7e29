import { describe, expect, it } from 'vitest';
import { settings } from '#support/site-settings.ts';
import {
  blogPostingNodes,
  caseStudyNodes,
  type ArticleContent,
} from '@/lib/build-time/structured-data/structured-data-articles';
import { founderPeople, ids } from '@/lib/build-time/structured-data/structured-data';

const content: ArticleContent = {
  title: 'Five quick wins',
  description: 'Small changes that make a store faster.',
  publishDate: new Date('2026-11-02'),
  tags: ['Shopify', 'Speed'],
  image: '/og/blog/five-quick-wins.png',
  path: '/blog/five-quick-wins',
  breadcrumb: [{ label: 'Home', href: '/' }, { label: 'Blog', href: '/blog' }, { label: 'Five quick wins' }],
};

describe('a blog post', () => {
  const [posting, breadcrumb] = blogPostingNodes(
    content,
    { id: 'amelia-hart', name: 'Amelia Hart' },
    settings,
  ) as [Record<string, unknown>, Record<string, unknown>];

  it('is a BlogPosting with its headline, dates, absolute image and page', () => {
    expect(posting).toMatchObject({
      '@type': 'BlogPosting',
      headline: 'Five quick wins',
      description: 'Small changes that make a store faster.',
      datePublished: '2026-11-02',
      dateModified: '2026-11-02',
      image: 'https://studio.example/og/blog/five-quick-wins.png',
      url: 'https://studio.example/blog/five-quick-wins',
      mainEntityOfPage: 'https://studio.example/blog/five-quick-wins',
      keywords: 'Shopify, Speed',
      inLanguage: 'en-GB',
    });
  });

  it('is written by the founder, the same person the about page describes', () => {
    const [aboutPerson] = founderPeople(
      [{ id: 'amelia-hart', name: 'Amelia Hart', role: 'Co-Founder', focus: 'Content' }],
      '/about',
      settings,
    );
    expect(posting['author']).toEqual({
      '@type': 'Person',
      '@id': aboutPerson!['@id'],
      name: 'Amelia Hart',
      url: aboutPerson!.url,
      worksFor: { '@id': ids.organisation(settings.url) },
    });
    expect((posting['author'] as { '@id': string })['@id']).toBe(aboutPerson!['@id']);
    expect(posting['author']).toMatchObject({ '@type': 'Person', name: 'Amelia Hart' });
  });

  it('is published by the organisation, and dated by its update when there is one', () => {
    expect(posting['publisher']).toEqual({ '@id': ids.organisation(settings.url) });
    const [updated] = blogPostingNodes(
      { ...content, updatedDate: new Date('2026-11-20') },
      { id: 'a', name: 'A' },
      settings,
    ) as [Record<string, unknown>];
    expect(updated['dateModified']).toBe('2026-11-20');
  });

  it('comes with its breadcrumb trail', () => {
    expect(breadcrumb['@type']).toBe('BreadcrumbList');
    expect(breadcrumb['itemListElement']).toEqual([
      { '@type': 'ListItem', position: 1, name: 'Home', item: 'https://studio.example/' },
      { '@type': 'ListItem', position: 2, name: 'Blog', item: 'https://studio.example/blog' },
      {
        '@type': 'ListItem',
        position: 3,
        name: 'Five quick wins',
        item: 'https://studio.example/blog/five-quick-wins',
      },
    ]);
  });
});

describe('a case study', () => {
  const [article, breadcrumb] = caseStudyNodes(
    { ...content, path: '/case-studies/skincare', tags: [] },
    '/services/shopify',
    settings,
  ) as [Record<string, unknown>, Record<string, unknown>];

  it('is an Article by the organisation about the service it used', () => {
    expect(article['@type']).toBe('Article');
    expect(article['author']).toEqual({ '@id': ids.organisation(settings.url) });
    expect(article['about']).toEqual({ '@id': ids.service('https://studio.example/services/shopify') });
    expect(article).not.toHaveProperty('keywords');
    expect(breadcrumb['@type']).toBe('BreadcrumbList');
  });
});
