/**
 * The two feeds of the built copy (tests/integration/src/lib/build-time/articles/articles.test.ts),
 * read with an XML parser as a feed reader reads them: every published entry, newest first, with
 * its full rendered text in `content:encoded` (a case study's facts as its page shows them), every
 * address in it absolute and no script, and each feed naming its own address.
 */
import { XMLParser } from 'fast-xml-parser';
import { describe, expect, it } from 'vitest';
import type { ProjectCopy } from './project-copy.ts';
import { site } from '#src/site.config.ts';
import { articlePictures } from '#src/lib/build-time/images/article-pictures.ts';
import { fixtures } from './article-fixtures.ts';
import { builtSite, tags } from './built-site.ts';
import { contentOf, isPublished } from './content.ts';

interface FeedItem {
  title: string;
  link: string;
  'content:encoded': string;
}

function readFeed(copy: ProjectCopy, path: string) {
  const xml = builtSite(copy.dist).read(path).toString('utf8');
  const parsed = new XMLParser({ ignoreAttributes: false }).parse(xml) as {
    rss: {
      '@_version': string;
      '@_xmlns:content': string;
      '@_xmlns:atom'?: string;
      channel: {
        title: string;
        'atom:link'?: Record<string, string>;
        item: FeedItem | FeedItem[];
      };
    };
  };
  const { channel } = parsed.rss;
  return { rss: parsed.rss, channel, items: [channel.item].flat() };
}

const absolute = (path: string) => new URL(path, site.url).href;
/** The texts as whole elements' text, in this order, anything between them. */
const inOrder = (...texts: string[]) =>
  new RegExp(texts.map((text) => `>${text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}<`).join('[^]*'));

/** Every address in the HTML (href, src and each srcset candidate). */
const addresses = (html: string) =>
  [...html.matchAll(/\s(?:href|src|srcset)="([^"]*)"/g)].flatMap(([, value = '']) =>
    value.split(',').map((candidate) => candidate.trim().split(/\s+/)[0] ?? ''),
  );

export function feedChecks(copy: ProjectCopy) {
  describe('the feeds, parsed as XML', () => {
    for (const [path, entries, base] of [
      ['/rss.xml', fixtures.posts, '/blog'],
      ['/case-studies/rss.xml', fixtures.caseStudies, '/case-studies'],
    ] as const) {
      it(`${path} holds every published entry, newest first, each in full, fit to read elsewhere`, () => {
        const { rss, items } = readFeed(copy, path);
        expect(rss['@_version']).toBe('2.0');
        expect(rss['@_xmlns:content']).toBe('http://purl.org/rss/1.0/modules/content/');
        expect(items.map((item) => item.link)).toEqual(entries.map((id) => absolute(`${base}/${id}`)));
        for (const item of items) {
          const html = item['content:encoded'];
          expect(html.length, item.link).toBeGreaterThan(200);
          expect(html, item.link).not.toMatch(/<script|\son\w+=/i);
          for (const address of addresses(html)) expect(address, item.link).toMatch(/^(https?:|mailto:)/);
        }
      });
    }

    it('names its own address in each feed (atom:link rel="self")', () => {
      for (const path of ['/rss.xml', '/case-studies/rss.xml']) {
        const { rss, channel } = readFeed(copy, path);
        expect(rss['@_xmlns:atom'], path).toBe('http://www.w3.org/2005/Atom');
        expect(channel['atom:link'], path).toEqual({
          '@_href': absolute(path),
          '@_rel': 'self',
          '@_type': 'application/rss+xml',
        });
      }
    });

    it('gives each case study’s item the client, results and quote its page shows', () => {
      const { items } = readFeed(copy, '/case-studies/rss.xml');
      const studies = contentOf(copy.dir).caseStudies.filter((study) => isPublished(study));
      expect(studies.length).toBe(items.length);
      for (const study of studies) {
        const html = items.find((item) => item.link === absolute(study.path))?.['content:encoded'] ?? '';
        expect(html, study.path).toContain(`>${study['client']}<`);
        const results = (study['results'] ?? []) as { label: string; value: string }[];
        for (const { label, value } of results) expect(html, study.path).toMatch(inOrder(label, value));
        const quote = study['quote'] as { text: string; by: string } | undefined;
        if (quote) expect(html, study.path).toMatch(inOrder(`“${quote.text}”`, quote.by));
      }
      expect(studies.some((study) => study['quote'] && study['results'])).toBe(true);
    });

    it('carries the long read whole: its headings, its links made absolute, its image, no script', () => {
      const item = readFeed(copy, '/rss.xml').items.find((entry) =>
        entry.link.endsWith(fixtures.longRead.id),
      )!;
      const html = item['content:encoded'];
      expect(html).toContain('>Part 7<');
      expect(html).toContain(`href="${absolute('/services')}"`);
      expect(html).toContain(`href="${absolute(`/blog/${fixtures.longRead.id}#part-1`)}"`);
      expect(html).toContain(`href="${absolute('/blog/post-11')}"`);
      expect(html).toMatch(new RegExp(`<img [^>]*src="${site.url}/_astro/[^"]+"`));
      expect(html).not.toContain('feedCheck');
      // A reader that shows the photo by its src gets the widest resized copy, not the phone's full-size file.
      const photo = tags(html, 'img').find((img) => img['alt'] === fixtures.phonePhoto.alt)!;
      const copies = photo['srcset']!.split(', ').map((candidate) => candidate.split(' ')[0]);
      expect(copies).toHaveLength(articlePictures.widths.length);
      expect(photo['src']).toBe(copies.at(-1));
    });

    it('names the case studies’ feed on their pages, and the blog’s everywhere', () => {
      const built = builtSite(copy.dist);
      const feedsOf = (route: string) =>
        tags(built.html(route), 'link')
          .filter((tag) => tag['type'] === 'application/rss+xml')
          .map((tag) => tag['href']);
      for (const route of ['/case-studies', `/case-studies/${fixtures.caseStudies[0]}`])
        expect(feedsOf(route), route).toEqual([absolute('/rss.xml'), absolute('/case-studies/rss.xml')]);
      expect(feedsOf('/blog')).toEqual([absolute('/rss.xml')]);
    });
  });
}
