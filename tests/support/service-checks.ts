/**
 * The fourth service of tests/support/service-fixture.ts on the built copy, registered by
 * tests/integration/src/lib/build-time/articles/articles.test.ts: its page, its place by `order`
 * in every menu and list and in the sitemap, and its booking labels, all without a line of code
 * written for it.
 */
import { describe, expect, it } from 'vitest';
import type { ProjectCopy } from './project-copy.ts';
import { builtIndexableRoutes } from '#tools/built-routes.ts';
import { servicePlacements } from '#src/lib/shared/booking.ts';
import { isBookingPlacement } from './booking-labels.ts';
import { htmlElements, type HtmlElement } from '#src/lib/build-time/html-elements.ts';
import * as iconPaths from '#src/lib/shared/icon-paths.ts';
import { isServiceRoute, serviceRoute } from '#src/lib/shared/routes.ts';
import { site } from '#src/site.config.ts';
import { builtServiceRoutes, builtSite, jsonLdNodes, serviceIdOf, tags, xmlValues } from './built-site.ts';
import { content } from './content.ts';
import { fourthService } from './service-fixture.ts';

const route = serviceRoute(fourthService.id);
// The content's own services come first: the fixture's `order` puts it after them.
const byOrder = [...content.services.map((service) => service.route), route];
const absolute = (path: string) => new URL(path, site.url).href;

/** The service links of the first list in (or at) the element with `attribute`, as [href, text]. */
function serviceLinksIn(html: string, [attribute, value]: [string, string]): [string, string][] {
  const holder = htmlElements(html).find(({ attributes }) => attributes[attribute] === value);
  expect(holder, `${attribute}="${value}"`).toBeDefined();
  const list = holder?.name === 'ul' ? holder : holder?.elements.find(({ name }) => name === 'ul');
  return (list?.elements ?? [])
    .filter(({ name, attributes }) => name === 'a' && isServiceRoute(attributes['href'] ?? ''))
    .map(({ attributes, text }): [string, string] => [attributes['href'] ?? '', text.trim()]);
}

const isCardLink = ({ name, attributes }: HtmlElement) =>
  name === 'a' && (attributes['class'] ?? '').startsWith('link mt-5');

/** The service pages the cards of a page link to, in order. */
const cardLinks = (html: string) =>
  htmlElements(html)
    .filter(isCardLink)
    .map(({ attributes }) => attributes['href'] ?? '')
    .filter(isServiceRoute);

export function serviceChecks(copy: ProjectCopy) {
  describe('a fourth service, added as one content file', () => {
    const built = builtSite(copy.dist);

    it('has its page: headline, breadcrumb, packages with prices, quote card, FAQ and share image', () => {
      const page = built.html(route);
      expect(tags(page, 'h1')).toHaveLength(1);
      expect(page).toContain(`>${fourthService.headline.replace('&', '&amp;')}</h1>`);
      expect(page).toContain(`<title>${fourthService.name.replace('&', '&amp;')} | ${site.brand}</title>`);
      expect(page).toContain('Fixed monthly packages from £150.');

      expect(page).toMatch(
        /aria-label="Breadcrumb"[\s\S]*?href="\/"[^>]*>Home<[\s\S]*?href="\/services"[^>]*>Services<[\s\S]*?aria-current="page"[^>]*>Bookkeeping &amp; Payroll</,
      );
      const trail = jsonLdNodes(page).find((node) => node['@type'] === 'BreadcrumbList')!['itemListElement'];
      expect((trail as { name: string }[]).map((crumb) => crumb.name)).toEqual([
        'Home',
        'Services',
        fourthService.name,
      ]);

      expect(tags(page, 'article').map((card) => card['data-package'])).toEqual([
        ...fourthService.packages,
        'Custom',
      ]);
      expect(page).toContain('£150</p>');
      expect(page).toContain('£290</p>');
      expect(page).toContain('Not sure which package?');
      for (const question of fourthService.questions) expect(page).toContain(`<h3>${question}</h3>`);
      expect(page).toContain(`data-faq="${fourthService.id}-faq"`);

      const png = built.read(`/og/services/${fourthService.id}.png`);
      expect([png.readUInt32BE(16), png.readUInt32BE(20)]).toEqual([1200, 630]);
    });

    it('sits last, by its order, in the header’s services menu and the phone menu of every page', () => {
      for (const path of ['/', '/about', '/blog', route]) {
        for (const menu of [
          ['id', 'services-menu'],
          ['aria-label', 'Menu'],
        ] satisfies [string, string][]) {
          const links = serviceLinksIn(built.html(path), menu);
          expect(
            links.map(([href]) => href),
            `${path} ${menu}`,
          ).toEqual(byOrder);
          expect(links.at(-1)?.[1], `${path} ${menu}`).toBe(fourthService.name);
        }
      }
      expect(built.html(route)).toMatch(new RegExp(`href="${route}"[^>]*aria-current="page"`));
    });

    it('is in the phone menu’s script too, in the same order, for the menu once it hydrates', () => {
      const island = tags(built.html('/'), 'astro-island').find((tag) =>
        tag['component-url']?.includes('PhoneMenu'),
      );
      const script = built.read(island?.['component-url'] ?? '/missing').toString('utf8');
      const positions = byOrder.map((href) => script.indexOf(href));
      expect(
        positions.every((position) => position > -1),
        positions.join(),
      ).toBe(true);
      expect([...positions].sort((a, b) => a - b)).toEqual(positions);
      expect(script).toContain(fourthService.name);
    });

    it('has its card, with its icon, last on the home page and the services overview', () => {
      for (const path of ['/', '/services']) {
        const html = built.html(path);
        expect(cardLinks(html), path).toEqual(byOrder);
        const card = htmlElements(html).find(
          ({ name, attributes, elements }) =>
            name === 'li' &&
            (attributes['class'] ?? '').startsWith('card') &&
            elements.some((link) => isCardLink(link) && link.attributes['href'] === route),
        );
        const icons = card?.elements
          .filter(({ name }) => name === 'path')
          .map(({ attributes }) => attributes['d']);
        expect(icons, path).toContain(iconPaths[fourthService.icon]);
      }
    });

    it('is in the sitemap, and in the routes the bench and the browser tests read from a build', () => {
      const sitemap = xmlValues(built.read('/sitemap-0.xml').toString('utf8'), 'loc');
      expect(builtServiceRoutes(copy.dist)).toEqual(byOrder);
      const routes = builtIndexableRoutes(copy.dist);
      expect(routes.slice(0, byOrder.length + 3)).toEqual(['/', '/services', ...byOrder, '/about']);
      expect(sitemap).toEqual(expect.arrayContaining(routes.map(absolute)));
      expect(sitemap.filter((url) => isServiceRoute(new URL(url).pathname))).toHaveLength(byOrder.length);
    });

    it('labels its booking buttons by its id, as analytics expects', () => {
      const labels = tags(built.html(route), 'a').flatMap((link) => link['data-booking'] ?? []);
      const own = servicePlacements(fourthService.id);
      const derived = [own.package(1), own.package(2), own.custom, own.quote, own.footer, own.sticky];
      expect(labels).toEqual(['navigation_desktop', 'navigation_mobile', ...derived]);
      expect(derived).toEqual([
        'bookkeeping_payroll_package_1',
        'bookkeeping_payroll_package_2',
        'bookkeeping_payroll_package_custom',
        'bookkeeping_payroll_free_quote',
        'bookkeeping_payroll_packages_footer',
        'bookkeeping_payroll_packages_sticky',
      ]);
      const ids = builtServiceRoutes(copy.dist).map(serviceIdOf);
      for (const label of labels) expect(isBookingPlacement(label, ids), label).toBe(true);
    });
  });
}
