/**
 * The outside checkers over the article test site (tests/integration/src/lib/build-time/articles/
 * articles.test.ts), whose posts and case studies the shipped content does not have: W3C's Nu Html
 * Checker on every built page, every internal link on every page answering 200 with no redirect
 * hop, and axe's best-practice rules (landmarks among them) on the article pages.
 */
import type { AddressInfo } from 'node:net';
import { readFileSync } from 'node:fs';
import { chromium } from '@playwright/test';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ProjectCopy } from './project-copy.ts';
import { htmlFiles } from '#src/integrations/built-files.ts';
import { createSiteServer } from '#server/server.ts';
import { axeViolations } from './axe.ts';
import { fixtures } from './article-fixtures.ts';
import { tags } from './built-site.ts';
import { testChromium } from './chromium.ts';
import { nuErrors } from './nu-checker.ts';

/**
 * Off by default since axe 4.x deprecated it, but outside audits still run it: an <aside> inside
 * <main> (a complementary landmark in another) is reported.
 */
const nestedAside = 'landmark-complementary-is-top-level';

export function siteAudits(copy: ProjectCopy) {
  describe('the article site under the outside checkers', () => {
    const server = createSiteServer({ root: copy.dist, log: () => {} });
    let origin = '';

    beforeAll(async () => {
      await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
      origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    });
    afterAll(() => new Promise((done) => server.close(done)));

    it('has no Nu Html Checker error on any built page', { timeout: 300_000 }, async () => {
      expect(await nuErrors(await htmlFiles(copy.dist), copy.dist)).toEqual({});
    });

    it('links only to addresses that answer 200 at once, from every built page', async () => {
      const sources = new Map<string, string>();
      for (const file of await htmlFiles(copy.dist)) {
        for (const { href = '' } of tags(readFileSync(file, 'utf8'), 'a')) {
          if (!href.startsWith('/') || href.startsWith('//')) continue;
          sources.set(new URL(href, origin).pathname, file.slice(copy.dist.length));
        }
      }
      const broken: string[] = [];
      for (const [path, from] of sources) {
        const { status } = await fetch(origin + path, { redirect: 'manual' });
        if (status !== 200) broken.push(`${path} (linked from ${from}) → ${status}`);
      }
      expect(sources.size).toBeGreaterThan(fixtures.posts.length);
      expect(broken).toEqual([]);
    });

    it('keeps every landmark at the top level of a case study and a post (axe best practices)', async () => {
      const browser = await chromium.launch({ executablePath: testChromium });
      const context = await browser.newContext();
      const page = await context.newPage();
      const violations: string[] = [];
      for (const route of [`/case-studies/${fixtures.caseStudies[0]}`, `/blog/${fixtures.longRead.id}`]) {
        await page.goto(origin + route);
        const found = await axeViolations(page, ['best-practice'], { [nestedAside]: { enabled: true } });
        for (const { id, nodes } of found)
          violations.push(`${route} ${id}: ${nodes.map((node) => node.target).join(', ')}`);
      }
      await browser.close();
      expect(violations).toEqual([]);
    });
  });
}
