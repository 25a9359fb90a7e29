/**
 * Reading content entries for pages: a missing single-file collection or entry is an editor error
 * worth a clear message, not an `undefined` crash.
 */
import { getCollection, getEntry, type CollectionEntry, type DataEntryMap } from 'astro:content';
import { serviceLinks } from '../../shared/navigation.ts';
import { byServiceOrder, serviceRoute } from '../../shared/routes.ts';

type Singleton = 'layout' | 'home' | 'servicesOverview' | 'about' | 'contact' | 'notFound';

const singletonFile: Record<Singleton, string> = {
  layout: 'layout',
  home: 'home',
  servicesOverview: 'services',
  about: 'about',
  contact: 'contact',
  notFound: '404',
};

export async function getSingleton<C extends Singleton>(collection: C): Promise<CollectionEntry<C>['data']> {
  const entry = await getEntry(collection, singletonFile[collection]);
  if (!entry) throw new Error(`Missing content file src/content/pages/${singletonFile[collection]}.yaml`);
  return entry.data as CollectionEntry<C>['data'];
}

export async function getRequiredEntry<C extends keyof DataEntryMap>(collection: C, id: string) {
  const entry = await getEntry(collection, id);
  if (!entry) throw new Error(`Missing content entry "${id}" in the ${collection} collection`);
  return entry as CollectionEntry<C>;
}

/** The company entry (src/content/company.yaml): every disclosure, the terms and the JSON-LD read it. */
export async function getCompany() {
  const entry = await getEntry('company', 'company');
  if (!entry) throw new Error('Missing content file src/content/company.yaml');
  return entry.data;
}

/**
 * The services in their `order`. The menus read the same files apart (service-files.ts, for the
 * phone menu's bundle): should the two readings ever disagree, the build stops here.
 */
export async function getServices() {
  const services = (await getCollection('services')).sort((a, b) =>
    byServiceOrder({ id: a.id, order: a.data.order }, { id: b.id, order: b.data.order }),
  );
  const pages = services.map(({ id, data }) => ({ href: serviceRoute(id), label: data.card.title }));
  if (JSON.stringify(pages) !== JSON.stringify(serviceLinks)) {
    const list = (links: readonly { href: string; label: string }[]) =>
      links.map(({ href, label }) => `${href} "${label}"`).join(', ');
    throw new Error(
      `src/content/services/: the services menu (read by src/lib/build-time/content/service-files.ts) lists ` +
        `${list(serviceLinks)}, but the collection has ${list(pages)}`,
    );
  }
  return services;
}
