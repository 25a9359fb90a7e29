import { describe, expect, it } from 'vitest';
import {
  byServiceOrder,
  indexableRoutes,
  isServiceRoute,
  serviceRoute,
  siteRoutes,
} from '@/lib/shared/routes';

describe('the site’s routes', () => {
  it('put the service pages, in the order given, right after the services overview', () => {
    expect(indexableRoutes(['/services/b', '/services/a'])).toEqual([
      '/',
      '/services',
      '/services/b',
      '/services/a',
      '/about',
      '/contact',
      '/blog',
      '/case-studies',
      '/privacy',
      '/terms',
      '/accessibility',
    ]);
    expect(indexableRoutes([])).toEqual([...siteRoutes]);
  });

  it('name a service’s page by its id', () => {
    expect(serviceRoute('admin-appointment')).toBe('/services/admin-appointment');
  });

  it('tell a service page from the overview and from anything deeper or elsewhere', () => {
    expect(isServiceRoute('/services/content')).toBe(true);
    expect(isServiceRoute('/services')).toBe(false);
    expect(isServiceRoute('/services/')).toBe(false);
    expect(isServiceRoute('/services/content/extra')).toBe(false);
    expect(isServiceRoute('/servicesx/content')).toBe(false);
    expect(isServiceRoute('/blog/content')).toBe(false);
  });

  it('list services by order, and two that share one by id', () => {
    const services = [
      { id: 'c', order: 2 },
      { id: 'b', order: 1 },
      { id: 'a', order: 2 },
    ];
    expect(services.sort(byServiceOrder).map((service) => service.id)).toEqual(['b', 'a', 'c']);
  });
});
