/**
 * A price is written once, in its service's content file, and everything that states it follows:
 * the package card, the structured-data offer and the "from £…" search description. The test site
 * lowers the lowest Shopify price in its content file only; these checks read its built pages.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseDocument, type YAMLMap, type YAMLSeq } from 'yaml';
import type { ProjectCopy } from '../../scripts/bench/project-copy.ts';
import { htmlFiles } from '../../src/integrations/built-files.ts';
import { htmlElements } from '../../src/lib/build-time/html-elements.ts';
import { formatPrice } from '../../src/lib/build-time/content/price.ts';
import { builtSite, jsonLdNodes, metaContent } from './built-site.ts';

const shopifyFile = 'src/content/services/shopify.yaml';
/** The cheapest Shopify package, whatever its name and price, and the price the change gives it. */
const changed = { name: '', oldPrice: 0, newPrice: 0 };

/** Lowers the cheapest Shopify package's price by £50 in the copy's content file, and nowhere else. */
export function writePriceChange(copy: ProjectCopy): void {
  const document = parseDocument(readFileSync(join(copy.dir, shopifyFile), 'utf8'));
  const prices = (document.getIn(['packages', 'items']) as YAMLSeq<YAMLMap>).items.map((item) =>
    Number(item.get('price')),
  );
  const lowest = prices.indexOf(Math.min(...prices));
  changed.name = String(document.getIn(['packages', 'items', lowest, 'name']));
  changed.oldPrice = prices[lowest] ?? 0;
  changed.newPrice = changed.oldPrice - 50;
  document.setIn(['packages', 'items', lowest, 'price'], changed.newPrice);
  copy.write(shopifyFile, document.toString());
}

export function priceChecks(copy: ProjectCopy) {
  describe('changing the lowest Shopify price in its content file only', () => {
    const page = () => builtSite(copy.dist).html('/services/shopify');

    it('changes the package card', () => {
      const card = htmlElements(page()).find(
        ({ name, attributes }) => name === 'article' && attributes['data-package'] === changed.name,
      );
      const price = card?.elements.find(({ attributes }) => attributes['data-price'] !== undefined);
      expect(price?.text.trim()).toBe(formatPrice(changed.newPrice));
    });

    it('changes the offer in the structured data', () => {
      const service = jsonLdNodes(page()).find((node) => node['@type'] === 'Service');
      const offers = (service?.['offers'] ?? []) as {
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
      for (const key of ['description', 'og:description']) {
        expect(metaContent(page(), key)).toContain(`from ${formatPrice(changed.newPrice)}`);
      }
    });

    it('leaves the old price nowhere in the built site', async () => {
      const stale = (await htmlFiles(copy.dist)).filter((file) => {
        const html = readFileSync(file, 'utf8');
        return html.includes(formatPrice(changed.oldPrice)) || html.includes(`"price":${changed.oldPrice},`);
      });
      expect(stale).toEqual([]);
    });
  });
}
