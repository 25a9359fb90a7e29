/**
 * A site gone live (tests/support/go-live.ts): a copy of the project with the company's real
 * details, every placeholder setting replaced in its `.env`, the example founders replaced and the
 * examples published or deleted, built in Netlify's production context, where any placeholder left
 * stops the build. It must build, pass `npm run launch-check`, and show the real details and none
 * of the examples. (A fresh checkout's refusal: launch-check-at-build.test.ts.)
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { copyProject } from '#support/project-copy.ts';
import { htmlFiles } from '#src/integrations/built-files.ts';
import { disclosureParts, governingLaw, vatStatement } from '#src/lib/shared/company.ts';
import { htmlElements } from '#src/lib/build-time/html-elements.ts';
import { legalIdentityPages } from '#src/lib/build-time/structured-data/structured-data-company.ts';
import { builtServiceRoutes, builtSite, jsonLdNodes, tags, xmlValues } from '#support/built-site.ts';
import { exampleCompany, unsetEnv } from '#support/company.ts';
import { content, contentOf, isPublished } from '#support/content.ts';
import { goLiveCompanies, goLiveEnv, writeGoLive, type GoLive } from '#support/go-live.ts';

const launchCheckScript = resolve(import.meta.dirname, '../../../../scripts/launch-check.ts');

// The copies' builds read the environment as it is when they are made: Netlify's production
// context, and none of the settings, so that each copy's .env gives them.
for (const name of Object.keys(unsetEnv)) vi.stubEnv(name, undefined);
vi.stubEnv('NETLIFY', 'true');
vi.stubEnv('CONTEXT', 'production');
afterAll(() => vi.unstubAllEnvs());

/** The text of every element `name` of the page, spaces collapsed. */
const texts = (html: string, name: string) =>
  htmlElements(html)
    .filter((element) => element.name === name)
    .map((element) => element.text.replace(/\s+/g, ' ').trim());

const variants: [string, GoLive][] = [
  [
    'a limited company with VAT, its examples published',
    { company: 'limited company with VAT', examples: 'published' },
  ],
  ['a sole trader, its examples deleted', { company: 'sole trader', examples: 'deleted' }],
];

describe.each(variants)('%s, gone live', (_, edits) => {
  const copy = copyProject('go-live');
  const built = builtSite(copy.dist);
  const company = goLiveCompanies[edits.company];
  const live = () => contentOf(copy.dir);
  /** The copy's posts and case studies its build published: a scheduled one waits for its day. */
  const published = () => {
    const { posts, caseStudies } = live();
    return {
      posts: posts.filter((entry) => isPublished(entry)),
      caseStudies: caseStudies.filter((entry) => isPublished(entry)),
    };
  };
  let build: { status: number | null; output: string };
  let pages: { route: string; html: string }[];
  beforeAll(async () => {
    writeGoLive(copy.dir, edits);
    build = copy.build();
    pages = (await htmlFiles(copy.dist)).map((file) => ({
      route: file.slice(copy.dist.length).replace(/(\/index)?\.html$/, '') || '/',
      html: readFileSync(file, 'utf8'),
    }));
  });
  afterAll(() => copy.cleanup());

  it('builds for production, the launch check finding nothing left', () => {
    expect(build.output).not.toMatch(/to fix before going live|\[ERROR\]/);
    expect(build.status).toBe(0);
  });

  it('passes npm run launch-check, mail settings included', () => {
    const env = { ...process.env };
    for (const name of Object.keys(goLiveEnv)) delete env[name];
    const result = spawnSync(process.execPath, [launchCheckScript, '--here'], {
      cwd: copy.dir,
      env,
      encoding: 'utf8',
    });
    expect(`${result.stdout}\n${result.stderr}`).toMatch(/all clear/);
    expect(result.status).toBe(0);
  });

  it('discloses the real company in every footer, its VAT by the prices and its law in the terms', () => {
    const disclosure = `${disclosureParts(company).join('. ')}.`;
    const { routes } = live();
    const { posts, caseStudies } = published();
    for (const route of [
      ...routes.map(({ path }) => path),
      ...[...posts, ...caseStudies].map(({ path }) => path),
      '/404',
    ]) {
      const footer = htmlElements(built.html(route)).find(({ name }) => name === 'footer');
      const paragraphs = (footer?.elements ?? []).filter(({ name }) => name === 'p');
      expect(
        paragraphs.map(({ text }) => text.replace(/\s+/g, ' ').trim()),
        route,
      ).toContain(disclosure);
    }
    for (const route of builtServiceRoutes(copy.dist)) {
      expect(texts(built.html(route), 'p').join('\n'), route).toContain(vatStatement(company));
    }
    expect(texts(built.html('/terms'), 'p').join('\n')).toContain(governingLaw(company));
  });

  it('gives search engines the legal identity, with a company number and VAT ID only where it has one', () => {
    const companyNumber = 'companyNumber' in company ? company.companyNumber : undefined;
    const vatNumber = 'vatNumber' in company ? company.vatNumber : undefined;
    for (const route of legalIdentityPages) {
      const organisation = jsonLdNodes(built.html(route)).find((node) => node['@type'] === 'Organization');
      expect(organisation?.['legalName'], route).toBe(company.legalName);
      expect((organisation?.['identifier'] as { value?: string } | undefined)?.value, route).toBe(
        companyNumber,
      );
      expect(organisation?.['vatID'], route).toBe(vatNumber);
    }
  });

  it('uses the live address, booking page, inbox and brand', () => {
    const home = built.html('/');
    expect(tags(home, 'link').find((link) => link['rel'] === 'canonical')?.['href']).toBe(
      `${goLiveEnv.SITE_URL}/`,
    );
    expect(
      tags(home, 'a')
        .filter((a) => a['data-booking'])
        .map((a) => a['href']),
    ).toContain(goLiveEnv.PUBLIC_BOOKING_URL);
    expect(tags(built.html('/contact'), 'a').map((a) => a['href'])).toContain(
      `mailto:${goLiveEnv.PUBLIC_CONTACT_EMAIL}`,
    );
    expect(texts(home, 'title')[0]).toMatch(new RegExp(` \\| ${goLiveEnv.PUBLIC_BRAND_NAME}$`));
    const urls = xmlValues(built.read('/sitemap-0.xml').toString('utf8'), 'loc');
    for (const url of urls) expect(url.startsWith(`${goLiveEnv.SITE_URL}/`), url).toBe(true);
  });

  it('shows no example value: company, addresses or founders', () => {
    const examples = [
      exampleCompany.legalName,
      exampleCompany.registeredOffice.street,
      'agency.example',
      'booking.example',
      ...content.founders.map((founder) => founder.name),
    ];
    for (const { route, html } of pages) {
      for (const example of examples) expect(html.includes(example), `${example} on ${route}`).toBe(false);
    }
  });

  it('introduces the founders who replaced the examples on the about page', () => {
    const founders = live().founders;
    expect(founders.map((founder) => founder.name)).toHaveLength(content.founders.length);
    expect(texts(built.html('/about'), 'h3')).toEqual(
      expect.arrayContaining(founders.map((founder) => founder.name)),
    );
  });

  if (edits.examples === 'published') {
    it('publishes every post and case study not scheduled for later, listed and in the feed', () => {
      const { posts, caseStudies } = published();
      for (const entry of [...posts, ...caseStudies]) {
        expect(built.exists(entry.path), entry.path).toBe(true);
        expect(tags(built.html(entry.path.replace(/\/[^/]+$/, '')), 'a').map((a) => a['href'])).toContain(
          entry.path,
        );
      }
      const feed = built.read('/rss.xml').toString('utf8');
      expect(feed.split('<item>').length - 1).toBe(posts.length);
    });
  } else {
    it('builds without the article folders, showing the lists’ placeholder', () => {
      for (const folder of ['blog', 'case-studies']) {
        expect(existsSync(join(copy.dir, 'src/content', folder)), folder).toBe(false);
      }
      const { pages: copyPages, posts, caseStudies } = live();
      expect([...posts, ...caseStudies]).toEqual([]);
      expect(texts(built.html('/blog'), 'p')).toContain(copyPages.blog.text);
      expect(texts(built.html('/case-studies'), 'p')).toContain(copyPages.caseStudies.text);
    });
  }
});
