/**
 * What the content files say, read the way an editor wrote them, for the tests to expect: a test
 * never restates shipped copy, so any edit the schemas accept keeps it green. Reads the project at
 * `root` (the repository by default; a built copy in the integration tests). Word-for-word checks
 * against the spec live apart, in tests/spec/ (`npm run test:spec`).
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { parse } from 'yaml';
import { leftOutOfBuild, type ArticleLike } from '#src/lib/build-time/articles/articles.ts';

const repository = resolve(import.meta.dirname, '../..');

/** The loosely typed data of one content file: the schemas have checked it at build. */
type Data = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

const yamlFile = (root: string, path: string): Data => parse(readFileSync(join(root, path), 'utf8')) as Data;

/**
 * The names of a content folder's files ending in `extension`, none when the folder is missing: git
 * keeps no empty folder, so a clone of a site whose editor deleted every post has no src/content/blog.
 */
function filesIn(root: string, folder: string, extension: string): string[] {
  const dir = join(root, folder);
  if (!existsSync(dir)) return [];
  return readdirSync(dir).filter((file) => file.endsWith(extension));
}

/** The front matter of a Markdown file. */
function frontMatter(root: string, path: string): Data {
  const text = readFileSync(join(root, path), 'utf8');
  const match = /^---\n([\s\S]*?)\n---/.exec(text);
  if (!match) throw new Error(`${path} has no front matter`);
  return parse(match[1] ?? '') as Data;
}

export interface ServiceCopy extends Data {
  id: string;
  route: string;
}

export interface ArticleCopy extends Data {
  id: string;
  path: string;
  draft?: boolean;
  scheduled?: boolean;
  publishDate: string | Date;
}

export interface FounderCopy extends Data {
  id: string;
  name: string;
  /** The photo's path inside the project, e.g. to copy it as an article's cover. */
  photoFile: string;
}

export interface RouteExpectation {
  path: string;
  h1: string;
  /** The page's own title, before " | Brand". */
  title: string;
}

/** The copy of every page, service and legal page, as its content files hold it now. */
export function contentOf(root = repository) {
  const page = (name: string) => yamlFile(root, `src/content/pages/${name}.yaml`);
  const pages = {
    layout: page('layout'),
    home: page('home'),
    services: page('services'),
    about: page('about'),
    contact: page('contact'),
    blog: page('blog'),
    caseStudies: page('case-studies'),
    notFound: page('404'),
  };
  const services: ServiceCopy[] = filesIn(root, 'src/content/services', '.yaml')
    .map((file) => {
      const id = file.replace(/\.yaml$/, '');
      return {
        ...yamlFile(root, `src/content/services/${file}`),
        id,
        route: `/services/${id}`,
      } as ServiceCopy;
    })
    .sort((a, b) => a['order'] - b['order']);
  const legal = {
    privacy: frontMatter(root, 'src/content/legal/privacy.md'),
    terms: frontMatter(root, 'src/content/legal/terms.md'),
  };
  const accessibility = frontMatter(root, 'src/content/accessibility/statement.md');
  const routes: RouteExpectation[] = [
    { path: '/', h1: pages.home.hero.headline, title: pages.home.seo.title },
    { path: '/services', h1: pages.services.hero.headline, title: pages.services.seo.title },
    ...services.map((service) => ({
      path: service.route,
      h1: service.hero.headline,
      title: service.seo.title,
    })),
    { path: '/about', h1: pages.about.headline, title: pages.about.seo.title },
    { path: '/contact', h1: pages.contact.heading, title: pages.contact.seo.title },
    { path: '/blog', h1: pages.blog.heading, title: pages.blog.seo.title },
    { path: '/case-studies', h1: pages.caseStudies.heading, title: pages.caseStudies.seo.title },
    { path: '/privacy', h1: legal.privacy.title, title: legal.privacy.title },
    { path: '/terms', h1: legal.terms.title, title: legal.terms.title },
    { path: '/accessibility', h1: accessibility.title, title: accessibility.title },
  ];
  const articles = (folder: 'blog' | 'case-studies') =>
    filesIn(root, `src/content/${folder}`, '.md').map((file): ArticleCopy => {
      const id = file.replace(/\.md$/, '');
      const data = frontMatter(root, `src/content/${folder}/${file}`);
      return { ...data, id, path: `/${folder}/${id}` } as ArticleCopy;
    });
  const founders: FounderCopy[] = filesIn(root, 'src/content/founders', '.md')
    .map((file): FounderCopy => {
      const data = frontMatter(root, `src/content/founders/${file}`);
      const id = file.replace(/\.md$/, '');
      return { ...data, id, photoFile: join('src/content/founders', String(data['photo'])) } as FounderCopy;
    })
    .sort((a, b) => a['order'] - b['order']);
  const posts = articles('blog');
  const caseStudies = articles('case-studies');
  /** The services menu: each service's card title, by `order`, as [label, href]. */
  const serviceLinks = services.map((service) => [service.card.title as string, service.route] as const);
  return { pages, services, founders, legal, routes, serviceLinks, posts, caseStudies };
}

export type Content = ReturnType<typeof contentOf>;

/** The repository's content, read once per test file. */
export const content = contentOf();

/**
 * An entry's front matter as the site's article helpers read it (src/lib/build-time/articles/),
 * its route as its id, so the tests order and publish entries exactly as the build does.
 */
export const articleLike = (entry: ArticleCopy): ArticleLike => ({
  id: entry.path,
  data: {
    title: String(entry['title']),
    publishDate: new Date(entry.publishDate),
    draft: entry.draft === true,
    ...(entry.scheduled !== undefined && { scheduled: entry.scheduled }),
    tags: (entry['tags'] as string[] | undefined) ?? [],
  },
});

/** True for an entry a build made today publishes: neither a draft nor scheduled for a later day. */
export const isPublished = (entry: ArticleCopy, today = new Date()) =>
  !leftOutOfBuild(articleLike(entry).data, today);

/** Every price a content file's data holds, wherever its schema puts one (packages, add-ons…). */
export function pricesOf(data: unknown): number[] {
  if (Array.isArray(data)) return data.flatMap(pricesOf);
  if (typeof data !== 'object' || data === null) return [];
  return Object.entries(data).flatMap(([key, value]) =>
    key === 'price' && typeof value === 'number' ? [value] : pricesOf(value),
  );
}
