/**
 * A price is written once, in its service's content file, and everything that states it follows:
 * the package card, the structured-data offer and the "from £…" search description. The test site
 * changes the Basic Shopify price in its content file only; these checks read its built pages.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { ProjectCopy } from '../../scripts/bench/project-copy.ts';
import { htmlFiles } from '../../src/integrations/built-files.ts';
import { htmlElements } from '../../src/lib/build/html-elements.ts';
import { formatPrice } from '../../src/lib/build/content/price.ts';
import { builtSite, jsonLdNodes, metaContent } from './built-site.ts';

const shopifyFile = 'src/content/services/shopify.yaml';
const oldPrice = 400;
const newPrice = 350;

/** Changes the Basic Shopify price in the copy's content file, and nowhere else. */
export function writePriceChange(copy: ProjectCopy): void {
  const before = readFileSync(join(copy.dir, shopifyFile), 'utf8');
  const after = before.replace(
    `    - name: Basic\n      price: ${oldPrice}\n`,
    `    - name: Basic\n      price: ${newPrice}\n`,
  );
  if (after === before)
    throw new Error(`${shopifyFile} no longer prices Basic at £${oldPrice}: update this test`);
  copy.write(shopifyFile, after);
}

export function priceChecks(copy: ProjectCopy) {
  describe('changing the Basic Shopify price in its content file only', () => {
    const page = () => builtSite(copy.dist).html('/services/shopify');

    it('changes the package card', () => {
      const card = htmlElements(page()).find(
        ({ name, attributes }) => name === 'article' && attributes['data-package'] === 'Basic',
      );
      const price = card?.elements.find(({ attributes }) => attributes['data-price'] !== undefined);
      expect(price?.text.trim()).toBe(formatPrice(newPrice));
    });

    it('changes the offer in the structured data', () => {
      const service = jsonLdNodes(page()).find((node) => node['@type'] === 'Service');
      const offers = (service?.['offers'] ?? []) as {
        name: string;
        price?: number;
        priceCurrency?: string;
      }[];
      expect(offers.find((offer) => offer.name === 'Basic')).toMatchObject({
        price: newPrice,
        priceCurrency: 'GBP',
      });
    });

    it('changes the "from £…" search and share descriptions', () => {
      for (const key of ['description', 'og:description', 'twitter:description']) {
        expect(metaContent(page(), key)).toContain(`from ${formatPrice(newPrice)}`);
      }
    });

    it('leaves the old price nowhere in the built site', async () => {
      const stale = (await htmlFiles(copy.dist)).filter((file) => {
        const html = readFileSync(file, 'utf8');
        return html.includes(formatPrice(oldPrice)) || html.includes(`"price":${oldPrice},`);
      });
      expect(stale).toEqual([]);
    });
  });
}
