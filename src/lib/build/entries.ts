/**
 * Reading content entries for pages: a missing single-file collection or entry is an editor error
 * worth a clear message, not an `undefined` crash.
 */
import { getCollection, getEntry, type CollectionEntry, type DataEntryMap } from 'astro:content';

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

export async function getServices() {
  const services = await getCollection('services');
  return services.sort((a, b) => a.data.order - b.data.order);
}
