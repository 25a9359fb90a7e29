/**
 * A price is written once, in its service's content file, and everything that states it follows:
 * the package card, the structured-data offer and the "from £…" search description. The test site
 * lowers the first priced service's cheapest package whose price no other item shares, in its
 * content file only, below every other package of the service; these checks read its built pages.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { ProjectCopy } from './project-copy.ts';
import { htmlFiles } from '#src/integrations/built-files.ts';
import { formatPrice } from '#src/lib/build-time/content/price.ts';
import { htmlElements } from '#src/lib/build-time/html-elements.ts';
import { fillPlaceholders } from '#src/lib/shared/placeholders.ts';
import { site } from '#src/site.config.ts';
import { builtSite, jsonLdNodes, metaContent } from './built-site.ts';
import { contentOf, pricesOf } from './content.ts';
import { editedYaml } from './yaml-edits.ts';

/** The package the change lowers, whatever its service, name and price, and its two prices. */
const changed = { service: '', name: '', oldPrice: 0, newPrice: 0 };

/** `price` as a page writes it, not as the start of a longer one (£40 is not in £400). */
const shown = (price: number) =>
  new RegExp(`${formatPrice(price, site.locale).replace(/[.$]/g, '\\$&')}(?![0-9]|[.,][0-9])`);

/** Lowers one package's price in the copy's content file, and nowhere else. */
export function writePriceChange(copy: ProjectCopy): void {
  const { services } = contentOf(copy.dir);
  const everyPrice = services.flatMap(pricesOf);
  const service = services.find((candidate) => candidate['packages'])!;
  const items = service['packages'].items as { name: string; price: number }[];
  // A price only this package has, so the old one can be looked for everywhere once changed.
  const own = items.filter(({ price }) => everyPrice.filter((other) => other === price).length === 1);
  if (own.length === 0) throw new Error(`Every package price of ${service.id} is some other item's too`);
  const target = own.reduce((cheapest, item) => (item.price < cheapest.price ? item : cheapest));
  const lowest = Math.min(...items.map(({ price }) => price));
  Object.assign(changed, {
    service: service.id,
    name: target.name,
    oldPrice: target.price,
    newPrice: lowest > 50 ? lowest - 50 : lowest / 2,
  });
  const file = `src/content/services/${service.id}.yaml`;
  const text = readFileSync(`${copy.dir}/${file}`, 'utf8');
  copy.write(
    file,
    editedYaml(text, (document) =>
      document.setIn(['packages', 'items', items.indexOf(target), 'price'], changed.newPrice),
    ),
  );
}

export function priceChecks(copy: ProjectCopy) {
  describe("changing a package's price in its content file only", () => {
    const service = () => contentOf(copy.dir).services.find(({ id }) => id === changed.service)!;
    const page = () => builtSite(copy.dist).html(service().route);

    it('changes the package card', () => {
      const card = htmlElements(page()).find(
        ({ name, attributes }) => name === 'article' && attributes['data-package'] === changed.name,
      );
      const price = card?.elements.find(({ attributes }) => attributes['data-price'] !== undefined);
      expect(price?.text.trim()).toBe(formatPrice(changed.newPrice, site.locale));
    });

    it('changes the offer in the structured data', () => {
      const node = jsonLdNodes(page()).find((candidate) => candidate['@type'] === 'Service');
      const offers = (node?.['offers'] ?? []) as {
        name: string;
        price?: number;
        priceCurrency?: string;
      }[];
      expect(offers.find((offer) => offer.name === changed.name)).toMatchObject({
        price: changed.newPrice,
        priceCurrency: 'GBP',
      });
    });

    it('changes the "from £…" search and share descriptions', () => {
      const description = fillPlaceholders(service().seo.description, {
        lowestPrice: formatPrice(changed.newPrice, site.locale),
      });
      for (const key of ['description', 'og:description']) {
        expect(metaContent(page(), key)).toBe(description);
      }
    });

    it('leaves the old price nowhere in the built site', async () => {
      const stale = (await htmlFiles(copy.dist)).filter((file) => {
        const html = readFileSync(file, 'utf8');
        return shown(changed.oldPrice).test(html) || html.includes(`"price":${changed.oldPrice},`);
      });
      expect(stale).toEqual([]);
    });
  });
}
