/**
 * Every construct Markdown allows reaches the reader intact, under the site's Content-Security-Policy
 * as it is: a post and a case study holding all of them (tests/support/markdown-constructs.ts),
 * built in a copy of the project, then checked as markup (html-validate, W3C's Nu Html Checker, the
 * elements each construct becomes) and in a browser at 320 px and desktop width (no console error
 * or CSP violation, axe's WCAG 2.2 AA rules, no sideways scroll, code in more than one colour).
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { AddressInfo } from 'node:net';
import { chromium, type Browser } from '@playwright/test';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSiteServer } from '#server/server.ts';
import { htmlElements, type HtmlElement } from '#src/lib/build-time/html-elements.ts';
import { htmlErrors } from '#support/html-validity.ts';
import { copyProject } from '#support/project-copy.ts';
import { axeViolations, wcagTags } from '#support/axe.ts';
import { testChromium } from '#support/chromium.ts';
import { nuErrors } from '#support/nu-checker.ts';
import { watchPageProblems } from '#support/page-problems.ts';
import { pageSettled } from '#support/settled.ts';
import { constructCounts, constructPages, writeMarkdownConstructs } from '#support/markdown-constructs.ts';

const copy = copyProject('markdown-site');
const pages = Object.values(constructPages);
const file = (route: string) => join(copy.dist, `${route}.html`);

/** The Markdown body of a built page: the elements inside its `.article-prose` box. */
function body(route: string): HtmlElement[] {
  const all = htmlElements(readFileSync(file(route), 'utf8'));
  const box = all.find(({ attributes }) => attributes['class']?.split(' ').includes('article-prose'));
  return box?.elements ?? [];
}
const named = (elements: HtmlElement[], name: string) => elements.filter((element) => element.name === name);
const classes = (element: HtmlElement) => element.attributes['class']?.split(' ') ?? [];

let build: { status: number | null; output: string };
beforeAll(() => {
  writeMarkdownConstructs(copy);
  build = copy.build();
});
afterAll(() => copy.cleanup());

describe('a post and a case study with every Markdown construct', () => {
  it('build', () => {
    expect(build.output).not.toMatch(/\[ERROR\]/);
    expect(build.status).toBe(0);
  });

  it('are valid HTML (html-validate standard, W3C Nu Html Checker)', { timeout: 120_000 }, async () => {
    const errors: Record<string, string[]> = {};
    for (const { route } of pages) {
      const found = await htmlErrors(readFileSync(file(route), 'utf8'), route);
      if (found.length > 0) errors[route] = found;
    }
    expect(errors).toEqual({});
    expect(
      await nuErrors(
        pages.map(({ route }) => file(route)),
        copy.dist,
      ),
    ).toEqual({});
  });

  for (const { route } of pages) {
    it(`render each construct as its element, with no inline style: ${route}`, () => {
      const elements = body(route);
      expect(elements.filter(({ attributes }) => 'style' in attributes)).toEqual([]);
      const blocks = named(elements, 'pre');
      expect(blocks).toHaveLength(constructCounts.codeBlocks);
      expect(blocks.every(({ attributes }) => attributes['tabindex'] === '0')).toBe(true);
      const tokens = named(elements, 'span').filter((span) => classes(span).includes('token'));
      expect(new Set(tokens.map((span) => classes(span)[1])).size).toBeGreaterThan(5);
      const boxes = named(elements, 'div').filter(({ attributes }) => attributes['role'] === 'region');
      expect(boxes).toHaveLength(constructCounts.tables);
      for (const box of boxes) {
        expect(box.attributes['tabindex']).toBe('0');
        expect(box.attributes['aria-label']).toBeTruthy();
        expect(named(box.elements, 'table')).toHaveLength(1);
      }
      expect(new Set(boxes.map(({ attributes }) => attributes['aria-label'])).size).toBe(boxes.length);
      const cells = [...named(elements, 'th'), ...named(elements, 'td')];
      expect(cells.some((cell) => classes(cell).some((name) => name.startsWith('align-')))).toBe(true);
      const boxesTicked = named(elements, 'input').filter(
        ({ attributes }) => attributes['type'] === 'checkbox',
      );
      expect(boxesTicked).toHaveLength(constructCounts.taskItems);
      for (const box of boxesTicked) {
        expect(box.attributes['aria-label']).toBeTruthy();
        expect('disabled' in box.attributes).toBe(true);
      }
      const notes = named(elements, 'section').find(({ attributes }) => 'data-footnotes' in attributes);
      expect(named(notes?.elements ?? [], 'li')).toHaveLength(constructCounts.footnotes);
      for (const name of ['del', 'kbd', 'details', 'summary', 'code', 'ol', 'ul'])
        expect(named(elements, name).length, name).toBeGreaterThan(0);
      const quotes = named(elements, 'blockquote');
      expect(quotes.some((quote) => named(quote.elements, 'blockquote').length > 0)).toBe(true);
    });
  }
});

describe('the pages with every Markdown construct in a browser', () => {
  const server = createSiteServer({ root: copy.dist, log: () => {} });
  let browser: Browser;
  let origin = '';

  beforeAll(async () => {
    await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
    origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    browser = await chromium.launch({ executablePath: testChromium });
  });
  afterAll(async () => {
    await browser?.close();
    await new Promise((done) => server.close(done));
  });

  for (const width of [320, 1280]) {
    it(`show them with no console error, CSP violation, axe violation or sideways scroll at ${width} px`, async () => {
      const context = await browser.newContext({ viewport: { width, height: 800 } });
      const page = await context.newPage();
      const problems = await watchPageProblems(page);
      const found: string[] = [];
      for (const { route } of pages) {
        await page.goto(origin + route);
        await pageSettled(page);
        for (const { id, nodes } of await axeViolations(page, wcagTags))
          found.push(`${route} ${id}: ${nodes.map((node) => node.target).join(', ')}`);
        const { scrollWidth, innerWidth } = await page.evaluate(() => ({
          scrollWidth: document.documentElement.scrollWidth,
          innerWidth: window.innerWidth,
        }));
        if (scrollWidth > innerWidth) found.push(`${route} scrolls sideways: ${scrollWidth} > ${innerWidth}`);
        // The highlighter's classes are coloured by the page's own stylesheet: more than one colour.
        const colours = await page.$$eval('.article-prose pre .token', (tokens) => [
          ...new Set(tokens.map((token) => getComputedStyle(token).color)),
        ]);
        if (colours.length < 3) found.push(`${route} code in ${colours.length} colour(s)`);
      }
      await context.close();
      expect([...problems, ...found]).toEqual([]);
    });
  }

  it('lets a keyboard reach and scroll a wide table at 320 px', async () => {
    const context = await browser.newContext({ viewport: { width: 320, height: 800 } });
    const page = await context.newPage();
    await page.goto(origin + constructPages.post.route);
    const wide = page
      .getByRole('region')
      .filter({ has: page.getByRole('table') })
      .last();
    const { scrollWidth, clientWidth } = await wide.evaluate((box) => ({
      scrollWidth: box.scrollWidth,
      clientWidth: box.clientWidth,
    }));
    expect(scrollWidth).toBeGreaterThan(clientWidth);
    await wide.focus();
    await page.keyboard.press('ArrowRight');
    await expect.poll(() => wide.evaluate((box) => box.scrollLeft)).toBeGreaterThan(0);
    await context.close();
  });
});
