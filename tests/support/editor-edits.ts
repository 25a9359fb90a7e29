/**
 * A year of an editor's edits on the built copy of
 * tests/integration/src/lib/build-time/articles/articles.test.ts: edits the schemas accept, made the
 * way an editor makes them, on whatever the content holds (every price in every service, a renamed
 * and a new package, new add-ons, an FAQ question added and others removed, longer founder bios and
 * legal pages (the privacy notice twice as long), a page title, a heading, an FAQ answer, a services-menu label; the copy's new posts
 * come from article-fixtures.ts). The checks then read what they expect from the copy's own content
 * (support/content.ts), as the browser tests read the repository's, and find the edits built.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { isMap, isScalar, isSeq, visit, type Document, type YAMLMap } from 'yaml';
import type { ProjectCopy } from './project-copy.ts';
import { formatPrice } from '#src/lib/build-time/content/price.ts';
import { htmlElements } from '#src/lib/build-time/html-elements.ts';
import { site } from '#src/site.config.ts';
import { builtSite } from './built-site.ts';
import { content, contentOf, pricesOf } from './content.ts';
import { markdownBody, proseFrom } from './prose.ts';
import { editedYaml } from './yaml-edits.ts';

/** The legal page the edits make twice as long, and its address. */
export const longerLegalPage = { file: 'src/content/legal/privacy.md', route: '/privacy' };

const edited = (text: string) => `${text} (edited)`;
const newAddon = (service: string) => ({ name: `Edited add-on for ${service}`, price: 77 });
const newQuestion = {
  question: 'Edited question: do you work with charities?',
  answer: 'Yes: an answer added by an editor.',
};
const bioSentence = 'An added paragraph: the founder’s longer story, as an editor might write it.';
const legalHeading = 'An added section';

/** Edits one content file of the copy, built from what it holds now. */
function editFile(copy: ProjectCopy, path: string, edit: (text: string) => string) {
  copy.write(path, edit(readFileSync(join(copy.dir, path), 'utf8')));
}

/** A new price for each old one, about a tenth higher, and none the content already has. */
function raisePrices(document: Document, taken: Set<number>) {
  visit(document, {
    Pair(_, pair) {
      if (!isScalar(pair.key) || pair.key.value !== 'price') return;
      if (!isScalar(pair.value) || typeof pair.value.value !== 'number') return;
      let price = Math.ceil(pair.value.value * 1.1);
      while (taken.has(price)) price += 1;
      taken.add(price);
      pair.value.value = price;
    },
  });
}

/** Every service: all prices raised, the first package renamed, one package and one add-on more. */
function editService(document: Document, id: string, taken: Set<number>) {
  raisePrices(document, taken);
  const packages = document.getIn(['packages', 'items']);
  if (isSeq(packages) && isMap(packages.items[0])) {
    const first = packages.items[0] as YAMLMap;
    first.set('name', `${String(first.get('name'))} Plus`);
    // A copy of the last package, not marked popular, under a new name and price.
    const { popular: _, ...last } = (packages.items.at(-1) as YAMLMap).toJSON() as Record<string, unknown>;
    const added = { ...last, name: `Edited package for ${id}`, price: Math.max(...taken) + 100 };
    taken.add(added.price);
    document.addIn(['packages', 'items'], document.createNode(added));
  }
  if (document.hasIn(['addons', 'items'])) document.addIn(['addons', 'items'], newAddon(id));
  // One question fewer where there are several, one more where there is one.
  const faq = document.getIn(['faq', 'items']);
  if (isSeq(faq) && faq.items.length > 1) document.deleteIn(['faq', 'items', 0]);
  else if (isSeq(faq)) document.addIn(['faq', 'items'], newQuestion);
}

export function writeEditorEdits(copy: ProjectCopy): void {
  const taken = new Set(content.services.flatMap(pricesOf));
  for (const service of content.services) {
    editFile(copy, `src/content/services/${service.id}.yaml`, (text) =>
      editedYaml(text, (document) => editService(document, service.id, taken)),
    );
  }
  const menuLabel = content.services[1] ?? content.services[0]!;
  editFile(copy, `src/content/services/${menuLabel.id}.yaml`, (text) =>
    editedYaml(text, (document) => {
      document.setIn(['card', 'title'], edited(String(document.getIn(['card', 'title']))));
    }),
  );
  editFile(copy, 'src/content/pages/home.yaml', (text) =>
    editedYaml(text, (document) => {
      document.setIn(['seo', 'title'], edited(String(document.getIn(['seo', 'title']))));
      document.setIn(['services', 'heading'], edited(String(document.getIn(['services', 'heading']))));
    }),
  );
  editFile(copy, 'src/content/pages/services.yaml', (text) =>
    editedYaml(text, (document) => {
      const path = ['faq', 'items', 0, 'answer'];
      document.setIn(path, edited(String(document.getIn(path))));
      document.addIn(['faq', 'items'], newQuestion);
    }),
  );
  for (const founder of content.founders) {
    editFile(
      copy,
      `src/content/founders/${founder.id}.md`,
      (text) => `${text.trimEnd()}\n\n${bioSentence}\n`,
    );
  }
  for (const page of ['privacy', 'terms']) {
    editFile(
      copy,
      `src/content/legal/${page}.md`,
      (text) => `${text.trimEnd()}\n\n## ${legalHeading}\n\n${'A longer page. '.repeat(200)}\n`,
    );
  }
  // As many words again after today's (checked by tests/support/budget-checks.ts).
  const privacy = readFileSync(join(copy.dir, longerLegalPage.file), 'utf8');
  const words = markdownBody(privacy).split(/\s+/).filter(Boolean).length;
  copy.write(longerLegalPage.file, `${privacy.trimEnd()}\n\n${proseFrom(markdownBody(privacy), words)}\n`);
}

const text = (html: string, name: string) =>
  htmlElements(html)
    .filter((element) => element.name === name)
    .map((element) => element.text.trim().replace(/\s+/g, ' '));

type Priced = { name: string; price: number; addons?: Priced[] };

export function editorEditChecks(copy: ProjectCopy) {
  describe("an editor's valid edits, read back from the edited content", () => {
    const built = builtSite(copy.dist);
    const after = () => contentOf(copy.dir);

    it('are edits: the copy says something the repository does not', () => {
      const before = content;
      expect(after().routes[0]?.title).not.toBe(before.routes[0]?.title);
      expect(after().serviceLinks).not.toEqual(before.serviceLinks);
      expect(after().services.flatMap(pricesOf)).not.toEqual(before.services.flatMap(pricesOf));
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

    it('price every package and add-on of every service as its content file does, new ones included', () => {
      for (const service of after().services) {
        const page = built.html(service.route);
        const cards = htmlElements(page).filter(
          ({ name, attributes }) => name === 'article' && attributes['data-package'],
        );
        const packages = (service['packages']?.items ?? []) as Priced[];
        expect(cards.length, service.id).toBeGreaterThanOrEqual(packages.length);
        for (const item of packages) {
          const card = cards.find(({ attributes }) => attributes['data-package'] === item.name);
          const price = card?.elements.find(({ attributes }) => attributes['data-price'] !== undefined);
          expect(price?.text.trim(), item.name).toBe(formatPrice(item.price, site.locale));
        }
        const addons = [
          ...packages.flatMap((item) => item.addons ?? []),
          ...(service['addons']?.items ?? []),
        ];
        const listed = text(page, 'li').join('\n');
        for (const addon of addons as Priced[]) {
          expect(listed, service.id).toContain(addon.name);
          expect(listed, service.id).toContain(formatPrice(addon.price, site.locale));
        }
      }
    });

    it('ask every FAQ question the content now has, and no other', () => {
      const { pages, services } = after();
      for (const [path, faq] of [
        ['/services', pages.services['faq']],
        ...services.map((service) => [service.route, service['faq']]),
      ] as [string, { items: { question: string }[] } | undefined][]) {
        if (!faq) continue;
        const accordion = htmlElements(built.html(path)).find(({ attributes }) => attributes['data-faq']);
        const asked = accordion?.elements.filter(({ name }) => name === 'h3').map((h3) => h3.text.trim());
        expect(asked, path).toEqual(faq.items.map(({ question }) => question));
      }
    });

    it('show the longer founder bios and legal pages', () => {
      const about = built.html('/about');
      expect(about.split(bioSentence).length - 1).toBe(after().founders.length);
      for (const path of ['/privacy', '/terms'])
        expect(text(built.html(path), 'h2'), path).toContain(legalHeading);
    });
  });
}
