/**
 * Blog posts and case studies, end to end: one temporary copy of the project with the fixture
 * entries of tests/support/article-fixtures.ts, built once, then read as crawlers and visitors see it.
 * The same copy has a fourth service (tests/support/service-fixture.ts, checked by service-checks.ts)
 * a year of an editor's edits (tests/support/editor-edits.ts) and then one changed price
 * (tests/support/price-checks.ts); its long pages keep the byte budgets (tests/support/budget-checks.ts).
 */
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { htmlElements } from '#src/lib/build-time/html-elements.ts';
import { htmlFiles } from '#src/integrations/built-files.ts';
import { htmlErrors } from '#support/html-validity.ts';
import { copyProject } from '#support/project-copy.ts';
import { site } from '#src/site.config.ts';
import { fillPlaceholders } from '#src/lib/shared/placeholders.ts';
import { serviceRoute } from '#src/lib/shared/routes.ts';
import { browserChecks, previewChecks } from '#support/article-browser.ts';
import { fixtures, writeArticleFixtures } from '#support/article-fixtures.ts';
import { builtSite, jsonLdNodes, metaContent, tags, xmlValues } from '#support/built-site.ts';
import { priceChecks, writePriceChange } from '#support/price-checks.ts';
import { serviceChecks } from '#support/service-checks.ts';
import { writeServiceFixture } from '#support/service-fixture.ts';
import { contentOf } from '#support/content.ts';
import { editorEditChecks, writeEditorEdits } from '#support/editor-edits.ts';
import { budgetChecks } from '#support/budget-checks.ts';
import { articlePictures } from '#src/lib/build-time/images/article-pictures.ts';
import { feedChecks } from '#support/feed-checks.ts';
import { siteAudits } from '#support/site-audits.ts';

const copy = copyProject('articles-site');
const built = builtSite(copy.dist);
const absolute = (path: string) => new URL(path, site.url).href;
/** The entries a list page links to, in order: each card's heading is a link. */
const listed = (html: string) =>
  htmlElements(html)
    .filter(({ name }) => name === 'h2' || name === 'h3')
    .map(({ elements }) => elements.find(({ name }) => name === 'a')?.attributes['href'])
    .filter((href) => href !== undefined && !href.startsWith('#'));
/** The link with `rel` in the page's body (the head's <link>s are checked apart). */
const relLink = (html: string, rel: string) => tags(html, 'a').find((a) => a['rel'] === rel)?.['href'];

let build: { status: number | null; output: string };
beforeAll(async () => {
  await writeArticleFixtures(copy);
  writeServiceFixture(copy);
  writeEditorEdits(copy);
  writePriceChange(copy);
  build = copy.build();
});
afterAll(() => copy.cleanup());

describe('a site with published articles', () => {
  it('builds', () => {
    expect(build.output).not.toMatch(/\[ERROR\]/);
    expect(build.status).toBe(0);
  });

  it('builds every page, posts and case studies included, as valid HTML (html-validate, standard)', async () => {
    const errors: Record<string, string[]> = {};
    for (const file of await htmlFiles(copy.dist)) {
      const found = await htmlErrors(readFileSync(file, 'utf8'), file);
      if (found.length > 0) errors[file.slice(copy.dist.length)] = found;
    }
    expect(errors).toEqual({});
  });

  it('lists posts newest first, ten a page, the first page at /blog', () => {
    const first = built.html('/blog');
    expect(listed(first)).toEqual(fixtures.posts.slice(0, 10).map((id) => `/blog/${id}`));
    expect(listed(built.html('/blog/2'))).toEqual(fixtures.posts.slice(10).map((id) => `/blog/${id}`));
    expect(built.exists('/blog/1')).toBe(false);
    expect(built.exists('/blog/3')).toBe(false);
    expect(first).not.toContain(contentOf(copy.dir).pages.blog.text);
    expect(first).toContain(fixtures.longReadAuthor.name);
  });

  it('links list pages to each other, in the page and in the head, page 1 canonical at /blog', () => {
    const first = built.html('/blog');
    const second = built.html('/blog/2');
    const link = (html: string, rel: string) =>
      tags(html, 'link').find((tag) => tag['rel'] === rel)?.['href'];
    expect(link(first, 'canonical')).toBe(absolute('/blog'));
    expect(link(first, 'next')).toBe(absolute('/blog/2'));
    expect(link(first, 'prev')).toBeUndefined();
    expect(link(second, 'canonical')).toBe(absolute('/blog/2'));
    expect(link(second, 'prev')).toBe(absolute('/blog'));
    expect(relLink(first, 'next')).toBe('/blog/2');
    expect(relLink(second, 'prev')).toBe('/blog');
    const blog = contentOf(copy.dir).pages.blog;
    const secondTitle = fillPlaceholders(blog.published.pageTitle, { title: blog.seo.title, page: '2' });
    expect(second).toContain(`<title>${secondTitle} | `);
  });

  it('gives a post its page: one h1, dates, reading time, byline with photo, linked headings, booking button', () => {
    const page = built.html(`/blog/${fixtures.longRead.id}`);
    expect(tags(page, 'h1')).toHaveLength(1);
    expect(page).toContain(`>${fixtures.longRead.title}</h1>`);
    expect(page).toContain('<time datetime="2026-03-01">1 March 2026</time>');
    expect(page).toContain('<time datetime="2026-03-10">10 March 2026</time>');
    const { published } = contentOf(copy.dir).pages.blog;
    expect(page).toContain(fillPlaceholders(published.readingTime, { minutes: '8' }));
    expect(page).toMatch(
      new RegExp(`${published.byline}\\s*<a href="/about"[^>]*>${fixtures.longReadAuthor.name}</a>`),
    );
    expect(page).toContain('<h2 id="part-1"><a href="#part-1">Part 1</a></h2>');
    const booking = tags(page, 'a').filter((a) => a['data-booking'] === 'blog_post_cta');
    expect(booking).toHaveLength(1);
    expect(booking[0]).toMatchObject({ href: site.bookingUrl, target: '_blank' });
    expect(relLink(page, 'prev')).toBe(`/blog/${fixtures.posts[1]}`);
    expect(metaContent(page, 'og:type')).toBe('article');
    expect(metaContent(page, 'article:published_time')).toBe('2026-03-01');
  });

  it('serves a full-size phone photo in a post’s text as the cover is: AVIF and WebP, its widths, size, lazily', () => {
    const { phonePhoto } = fixtures;
    const page = built.html(`/blog/${fixtures.longRead.id}`);
    const picture = /<picture>((?:(?!<\/picture>).)*)<\/picture>/g;
    const photo = [...page.matchAll(picture)].find(([html]) => html.includes(`alt="${phonePhoto.alt}"`))!;
    const [source, img] = [...tags(photo[0], 'source'), ...tags(photo[0], 'img')];
    expect(img).toMatchObject({ loading: 'lazy', decoding: 'async', sizes: articlePictures.sizes });
    expect(source).toMatchObject({ type: 'image/avif', sizes: articlePictures.sizes });
    expect(source!['src']).toBeUndefined();
    expect(Number(img!['width']) / Number(img!['height'])).toBeCloseTo(phonePhoto.width / phonePhoto.height);
    const files = new Set(built.files());
    for (const [element, format] of [
      [source!, 'avif'],
      [img!, 'webp'],
    ] as const) {
      const widths = element['srcset']!.split(', ').map((candidate) => {
        const [file = '', width = ''] = candidate.split(' ');
        expect(files, file).toContain(file);
        expect(file).toMatch(new RegExp(`\\.${format}$`));
        return Number.parseInt(width, 10);
      });
      expect(widths).toEqual(articlePictures.widths);
    }
  });

  it('warns, naming the file and line, about a photo narrower than the column, and about no other', () => {
    const { narrowPhoto } = fixtures;
    const warnings = build.output.split('\n').filter((line) => line.includes('pixels wide, narrower than'));
    expect(warnings).toEqual([
      expect.stringMatching(
        new RegExp(
          `src/content/case-studies/${narrowPhoto.study}\\.md:\\d+: the photo \\./${narrowPhoto.file} is ${narrowPhoto.width} pixels wide`,
        ),
      ),
    ]);
  });

  it('serves the cover as responsive AVIF and WebP with its size, eager on its page, lazy in lists', () => {
    const page = built.html(`/blog/${fixtures.longRead.id}`);
    const types = tags(page, 'source').map((source) => source['type']);
    expect(types).toEqual(expect.arrayContaining(['image/avif', 'image/webp']));
    const cover = tags(page, 'img').find((img) => img['alt'] === 'A storefront on a phone screen')!;
    expect(cover).toMatchObject({ loading: 'eager', fetchpriority: 'high' });
    expect(Number(cover['width'])).toBeGreaterThan(0);
    expect(Number(cover['height'])).toBeGreaterThan(0);
    const thumbnail = tags(built.html('/blog'), 'img').find(
      (img) => img['alt'] === 'A storefront on a phone screen',
    )!;
    expect(thumbnail['loading']).toBe('lazy');
    expect(Number(thumbnail['width'])).toBeGreaterThan(0);
  });

  it('describes a post and a case study with JSON-LD and a breadcrumb', () => {
    const post = jsonLdNodes(built.html(`/blog/${fixtures.longRead.id}`));
    const posting = post.find((node) => node['@type'] === 'BlogPosting')!;
    expect(posting).toMatchObject({
      headline: fixtures.longRead.title,
      datePublished: '2026-03-01',
      dateModified: '2026-03-10',
      author: { '@type': 'Person', name: fixtures.longReadAuthor.name },
      publisher: { '@id': `${absolute('/')}#organisation` },
    });
    expect(String(posting['image'])).toMatch(new RegExp(`^${site.url}/_astro/.+\\.jpg$`));
    const crumbs = post.find((node) => node['@type'] === 'BreadcrumbList')!['itemListElement'];
    expect((crumbs as { name: string }[]).map((crumb) => crumb.name)).toEqual([
      'Home',
      contentOf(copy.dir).pages.blog.heading,
      fixtures.longRead.title,
    ]);

    const study = jsonLdNodes(built.html(`/case-studies/${fixtures.caseStudies[0]}`));
    expect(study.find((node) => node['@type'] === 'Article')).toMatchObject({
      about: { '@id': `${absolute(serviceRoute(fixtures.newestStudyService))}#service` },
    });
    expect(study.some((node) => node['@type'] === 'BreadcrumbList')).toBe(true);
  });

  it('gives a case study its client, service link, results, quote and booking button', () => {
    const page = built.html(`/case-studies/${fixtures.caseStudies[0]}`);
    expect(page).toContain(`Client ${fixtures.caseStudies[0]}`);
    const service = contentOf(copy.dir).services.find(({ id }) => id === fixtures.newestStudyService)!;
    expect(page).toContain(
      `<a href="${service.route}" class="link">${service.breadcrumb.replace(/&/g, '&amp;')}</a>`,
    );
    expect(page).toContain('+38%');
    expect(page).toContain('They made our store twice as fast.');
    expect(tags(page, 'a').filter((a) => a['data-booking'] === 'case_study_cta')).toHaveLength(1);
    expect(listed(built.html('/case-studies'))).toEqual(
      fixtures.caseStudies.map((id) => `/case-studies/${id}`),
    );
  });

  it('lists a tag’s posts and case studies at /blog/tags/{tag}', () => {
    const shopify = listed(built.html('/blog/tags/shopify'));
    // Newest first: the long read (1 March), then the case study (10 February), then the posts.
    expect(shopify.slice(0, 2)).toEqual([
      `/blog/${fixtures.longRead.id}`,
      `/case-studies/${fixtures.caseStudies[0]}`,
    ]);
    expect(shopify).toContain('/blog/post-02');
    expect(shopify).not.toContain('/blog/post-01');
    expect(built.html(`/blog/${fixtures.longRead.id}`)).toContain('href="/blog/tags/speed"');
  });

  it('shows the three latest case studies on the home page', () => {
    const home = built.html('/');
    expect(home).toContain(contentOf(copy.dir).pages.home.recentWork.heading);
    expect(listed(home)).toEqual(fixtures.caseStudies.slice(0, 3).map((id) => `/case-studies/${id}`));
  });

  it('publishes an RSS feed of the posts with absolute links, named in every page’s head', () => {
    const feed = built.read('/rss.xml').toString('utf8');
    expect(xmlValues(feed, 'link').slice(1)).toEqual(fixtures.posts.map((id) => absolute(`/blog/${id}`)));
    expect(feed).toContain('<pubDate>Sun, 01 Mar 2026 00:00:00 GMT</pubDate>');
    for (const route of ['/', '/about', '/blog', `/blog/${fixtures.longRead.id}`]) {
      const alternate = tags(built.html(route), 'link').find((tag) => tag['type'] === 'application/rss+xml');
      expect(alternate?.['href'], route).toBe(absolute('/rss.xml'));
    }
  });

  it('lists every published entry and list page in the sitemap', () => {
    const urls = xmlValues(built.read('/sitemap-0.xml').toString('utf8'), 'loc');
    const expected = [
      '/blog',
      '/blog/2',
      '/blog/tags/shopify',
      '/case-studies',
      ...fixtures.posts.map((id) => `/blog/${id}`),
      ...fixtures.caseStudies.map((id) => `/case-studies/${id}`),
    ];
    expect(urls).toEqual(expect.arrayContaining(expected.map(absolute)));
    expect(urls).not.toContain(absolute('/404'));
  });

  it('draws a 1200×630 share image per entry, kept in the cache for the next build', () => {
    const png = built.read(`/og/blog/${fixtures.longRead.id}.png`);
    expect([png.readUInt32BE(16), png.readUInt32BE(20)]).toEqual([1200, 630]);
    expect(png.equals(built.read('/og/blog/post-01.png'))).toBe(false);
    expect(metaContent(built.html(`/blog/${fixtures.longRead.id}`), 'og:image')).toBe(
      absolute(`/og/blog/${fixtures.longRead.id}.png`),
    );
    expect(build.output).toMatch(/share images \(\d+ drawn, 0 from the cache\)/);
  });

  it('leaves drafts out of every page, the feed and the sitemap', () => {
    const drafts = [fixtures.draftPost, fixtures.draftCaseStudy, 'secret'];
    for (const file of built.files().filter((name) => /\.(html|xml)$/.test(name))) {
      const text = built.read(file).toString('utf8').toLowerCase();
      for (const draft of drafts) expect(text.includes(draft), `${draft} in ${file}`).toBe(false);
    }
  });

  it('gives lists and posts no script or stylesheet file (their byte budgets: support/budget-checks.ts)', () => {
    for (const route of [
      '/blog',
      '/blog/2',
      '/blog/tags/shopify',
      '/case-studies',
      `/blog/${fixtures.longRead.id}`,
    ]) {
      const html = built.html(route);
      expect(
        tags(html, 'script').filter((script) => script['src'] !== undefined),
        route,
      ).toEqual([]);
      expect(
        tags(html, 'link').filter((link) => link['rel'] === 'stylesheet'),
        route,
      ).toEqual([]);
    }
  });
});

browserChecks(copy);
previewChecks(copy);
serviceChecks(copy);
priceChecks(copy);
editorEditChecks(copy);
feedChecks(copy);
siteAudits(copy);
budgetChecks(copy);
