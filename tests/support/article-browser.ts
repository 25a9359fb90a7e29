/**
 * The checks of the article test site (the fourth service's page among them) that need a browser
 * or the dev server, registered by tests/integration/src/lib/build-time/articles/articles.test.ts on its one built copy.
 */
import type { ChildProcess } from 'node:child_process';
import { createServer, type AddressInfo } from 'node:net';
import { chromium, type Browser } from '@playwright/test';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ProjectCopy } from './project-copy.ts';
import { createSiteServer } from '#server/server.ts';
import { testChromium } from './chromium.ts';
import { axeViolations, wcagTags } from './axe.ts';
import { serviceRoute } from '#src/lib/shared/routes.ts';
import { fixtures } from './article-fixtures.ts';
import { fourthService } from './service-fixture.ts';
import { pageSettled } from './settled.ts';

/** Axe at both widths, no script loaded, and reading with JavaScript off, on the built copy. */
export function browserChecks(copy: ProjectCopy) {
  describe('the article pages in a browser', () => {
    const server = createSiteServer({ root: copy.dist, log: () => {} });
    let browser: Browser;
    let origin = '';
    const routes = [
      '/',
      '/blog',
      '/blog/2',
      '/blog/tags/shopify',
      `/blog/${fixtures.longRead.id}`,
      '/case-studies',
    ];
    routes.push(`/case-studies/${fixtures.caseStudies[0]}`, serviceRoute(fourthService.id));

    beforeAll(async () => {
      await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
      origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
      browser = await chromium.launch({ executablePath: testChromium });
    });
    afterAll(async () => {
      await browser?.close();
      await new Promise((done) => server.close(done));
    });

    for (const [size, viewport] of [
      ['phone', { width: 375, height: 812 }],
      ['desktop', { width: 1280, height: 800 }],
    ] as const) {
      it(`loads no script and has no WCAG 2.2 AA violation at ${size} size`, async () => {
        const context = await browser.newContext({ viewport, isMobile: size === 'phone' });
        const page = await context.newPage();
        const scripts: string[] = [];
        page.on('request', (request) => {
          if (request.resourceType() === 'script') scripts.push(request.url());
        });
        for (const route of routes) {
          await page.goto(origin + route);
          await pageSettled(page);
          const violations = await axeViolations(page, wcagTags);
          expect(
            violations.map(
              (violation) => `${violation.id}: ${violation.nodes.map((node) => node.target).join(', ')}`,
            ),
            route,
          ).toEqual([]);
        }
        expect(scripts).toEqual([]);
        await context.close();
      });
    }

    it('reads and navigates with JavaScript off', async () => {
      const context = await browser.newContext({ javaScriptEnabled: false });
      const page = await context.newPage();
      await page.goto(`${origin}/blog`);
      await page.getByRole('link', { name: fixtures.longRead.title }).click();
      await expect.poll(() => page.url()).toBe(`${origin}/blog/${fixtures.longRead.id}`);
      expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe(fixtures.longRead.title);
      expect(await page.getByRole('heading', { name: 'Part 2' }).isVisible()).toBe(true);
      await page.getByRole('link', { name: 'Speed' }).click();
      await expect.poll(() => page.url()).toBe(`${origin}/blog/tags/speed`);
      await context.close();
    });
  });
}

/** Drafts shown, marked, by `astro dev` on the copy. */
export function previewChecks(copy: ProjectCopy) {
  describe('the editor’s preview (npm run dev)', () => {
    let dev: ChildProcess;
    let origin = '';
    const get = async (path: string) => (await fetch(origin + path)).text();

    beforeAll(async () => {
      const probe = createServer();
      await new Promise<void>((done) => probe.listen(0, '127.0.0.1', done));
      const { port } = probe.address() as AddressInfo;
      await new Promise((done) => probe.close(done));
      dev = copy.dev(port);
      origin = `http://127.0.0.1:${port}`;
      for (let tries = 0; ; tries += 1) {
        const up = await fetch(origin + '/').then(
          (response) => response.ok,
          () => false,
        );
        if (up) break;
        if (tries > 240) throw new Error('astro dev did not answer');
        await new Promise((done) => setTimeout(done, 500));
      }
    });
    afterAll(() => {
      dev?.kill();
    });

    it('shows drafts, marked as drafts, in the lists and at their address', async () => {
      const list = await get('/blog');
      expect(list).toContain('A hidden draft post');
      expect(list).toMatch(/>Draft<\/strong>/);
      const draft = await get(`/blog/${fixtures.draftPost}`);
      expect(draft).toContain('>A hidden draft post</h1>');
      expect(draft).toMatch(/>Draft<\/strong>/);
      expect(await get('/case-studies')).toContain('A hidden draft case study');
    });
  });
}
