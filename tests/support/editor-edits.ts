/**
 * An editor's day on the built copy of tests/integration/src/lib/build-time/articles/articles.test.ts:
 * edits the schemas accept, made the way an editor makes them (a price, a page title, a heading,
 * an FAQ answer, a services-menu label, a new add-on, a privacy notice twice as long; the copy's
 * new posts come from article-fixtures.ts). The checks then read what they expect from the copy's own content
 * (support/content.ts), as the browser tests read the repository's, and find the edits built.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseDocument } from 'yaml';
import type { ProjectCopy } from '../../scripts/bench/project-copy.ts';
import { formatPrice } from '../../src/lib/build-time/content/price.ts';
import { htmlElements } from '../../src/lib/build-time/html-elements.ts';
import { site } from '../../src/site.config.ts';
import { builtSite } from './built-site.ts';
import { content, contentOf } from './content.ts';
import { markdownBody, proseFrom } from './prose.ts';

const edited = (text: string) => `${text} (edited)`;
const newAddon = { name: 'Edited add-on: product feed setup', price: 77 };
/** The legal page the edits make twice as long, and its address. */
export const longerLegalPage = { file: 'src/content/legal/privacy.md', route: '/privacy' };

/** Edits one YAML content file through its document, so comments and order stay as they were. */
function editYaml(
  copy: ProjectCopy,
  path: string,
  edit: (document: ReturnType<typeof parseDocument>) => void,
) {
  const document = parseDocument(readFileSync(join(copy.dir, path), 'utf8'));
  edit(document);
  copy.write(path, document.toString());
}

/** The package whose price the edit raises by £100: Shopify's £999 tier while there is one. */
function raisedPackage(): number {
  const items = content.services.find((service) => service.id === 'shopify')?.packages.items as {
    price: number;
  }[];
  const index = items.findIndex((item) => item.price === 999);
  return index >= 0 ? index : items.length - 1;
}

export function writeEditorEdits(copy: ProjectCopy): void {
  editYaml(copy, 'src/content/services/shopify.yaml', (document) => {
    const path = ['packages', 'items', raisedPackage(), 'price'];
    document.setIn(path, Number(document.getIn(path)) + 100);
    document.addIn(['addons', 'items'], document.createNode(newAddon));
  });
  editYaml(copy, 'src/content/pages/home.yaml', (document) => {
    document.setIn(['seo', 'title'], edited(String(document.getIn(['seo', 'title']))));
    document.setIn(['services', 'heading'], edited(String(document.getIn(['services', 'heading']))));
  });
  editYaml(copy, 'src/content/pages/services.yaml', (document) => {
    const path = ['faq', 'items', 0, 'answer'];
    document.setIn(path, edited(String(document.getIn(path))));
  });
  editYaml(copy, 'src/content/services/content.yaml', (document) => {
    document.setIn(['card', 'title'], edited(String(document.getIn(['card', 'title']))));
  });
  // As many words again after today's (checked by tests/support/budget-checks.ts).
  const privacy = readFileSync(join(copy.dir, longerLegalPage.file), 'utf8');
  const words = markdownBody(privacy).split(/\s+/).filter(Boolean).length;
  copy.write(longerLegalPage.file, `${privacy.trimEnd()}\n\n${proseFrom(markdownBody(privacy), words)}\n`);
}

const text = (html: string, name: string) =>
  htmlElements(html)
    .filter((element) => element.name === name)
    .map((element) => element.text.trim().replace(/\s+/g, ' '));

export function editorEditChecks(copy: ProjectCopy) {
  describe("an editor's valid edits, read back from the edited content", () => {
    const built = builtSite(copy.dist);
    const after = () => contentOf(copy.dir);

    it('are edits: the copy says something the repository does not', () => {
      const before = content;
      expect(after().routes[0]?.title).not.toBe(before.routes[0]?.title);
      expect(after().serviceLinks).not.toEqual(before.serviceLinks);
    });

    it('give every page the h1 and title its content now says', () => {
      for (const { path, h1, title } of after().routes) {
        const page = built.html(path);
        expect(text(page, 'h1'), path).toEqual([h1]);
        expect(text(page, 'title'), path).toEqual([`${title} | ${site.brand}`]);
      }
    });

    it('show the edited heading, FAQ answer and services-menu label', () => {
      const { pages, serviceLinks } = after();
      expect(text(built.html('/'), 'h2')).toContain(pages.home.services.heading);
      expect(text(built.html('/services'), 'details').join('\n')).toContain(
        pages.services.faq.items[0].answer,
      );
      const menu = htmlElements(built.html('/about')).find(
        ({ attributes }) => attributes['id'] === 'services-menu',
      );
      expect(menu?.elements.filter(({ name }) => name === 'a').map((link) => link.text.trim())).toEqual(
        serviceLinks.map(([label]) => label),
      );
    });

    it('price every Shopify package and add-on as its content file does, the new add-on included', () => {
      const shopify = after().services.find((service) => service.id === 'shopify')!;
      const page = built.html(shopify.route);
      const cards = htmlElements(page).filter(
        ({ name, attributes }) => name === 'article' && attributes['data-package'],
      );
      for (const item of shopify.packages.items as { name: string; price: number }[]) {
        const card = cards.find(({ attributes }) => attributes['data-package'] === item.name);
        const price = card?.elements.find(({ attributes }) => attributes['data-price'] !== undefined);
        expect(price?.text.trim(), item.name).toBe(formatPrice(item.price));
      }
      const addons = text(page, 'li').join('\n');
      for (const addon of shopify.addons.items as { name: string; price: number }[]) {
        expect(addons).toContain(addon.name);
        expect(addons).toContain(formatPrice(addon.price));
      }
      expect(addons).toContain(newAddon.name);
    });
  });
}
