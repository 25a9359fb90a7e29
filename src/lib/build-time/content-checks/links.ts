/**
 * Whether a link an editor wrote reaches a page of this site: internal links (`/services`, a
 * relative `other-post`, or the site's own full address) are checked against the pages and files
 * the build produces and the old addresses that only redirect. Other sites, `mailto:` and `tel:`
 * links, and `#section` links within the page are not this check's business.
 */
import { withoutTrailingSlash } from '../../shared/paths.ts';

export interface SiteAddresses {
  /** True when the path (no query, no `#`, no trailing slash) is a page or a file of the site. */
  exists(path: string): boolean;
  /** The pages of the site, for the closest one to suggest. */
  pages: readonly string[];
  /** Old address → the address it redirects to. */
  redirects: Readonly<Record<string, string>>;
  /** The site's own origin, e.g. https://www.agency.example: links to it are internal. */
  origin: string;
}

/** A link's path on this site, or undefined for a link elsewhere or within the page. */
function internalPath(href: string, from: string, origin: string): string | undefined {
  const trimmed = href.trim();
  if (trimmed === '' || trimmed.startsWith('#') || trimmed.startsWith('{')) return undefined;
  const hasScheme = /^[a-z][a-z\d+.-]*:/i.test(trimmed) || trimmed.startsWith('//');
  const url = new URL(trimmed, new URL(from, origin));
  if (hasScheme && url.origin !== new URL(origin).origin) return undefined;
  return withoutTrailingSlash(decodeURI(url.pathname));
}

/** How many single-letter edits turn one word into the other. */
function editDistance(a: string, b: string): number {
  let previous = Array.from({ length: b.length + 1 }, (_, i) => i);
  for (let i = 1; i <= a.length; i += 1) {
    const current = [i];
    for (let j = 1; j <= b.length; j += 1) {
      const substitution = previous[j - 1]! + (a[i - 1] === b[j - 1] ? 0 : 1);
      current.push(Math.min(previous[j]! + 1, current[j - 1]! + 1, substitution));
    }
    previous = current;
  }
  return previous[b.length]!;
}

/** The page whose address is closest to `path`. */
function closestPage(path: string, pages: readonly string[]): string | undefined {
  let best: { page: string; distance: number } | undefined;
  for (const page of pages) {
    const distance = editDistance(path, page);
    if (!best || distance < best.distance) best = { page, distance };
  }
  return best?.page;
}

/**
 * What is wrong with a link, in the editor's words, or undefined when it is fine. `from` is the
 * address of the page the link is on, for relative links; a picture's address names a file.
 */
export function linkProblem(
  href: string,
  from: string,
  site: SiteAddresses,
  what: 'link' | 'picture' = 'link',
): string | undefined {
  let path: string | undefined;
  try {
    path = internalPath(href, from, site.origin);
  } catch {
    return `the ${what} "${href}" is not a web address: check how it is written, e.g. /services.`;
  }
  if (path === undefined) return undefined;
  const target = Object.hasOwn(site.redirects, path) ? site.redirects[path] : undefined;
  if (target !== undefined) {
    return `the ${what} "${href}" goes to ${path}, an old address that only redirects: use ${target} instead.`;
  }
  if (site.exists(path)) return undefined;
  if (what === 'picture') {
    return `the picture "${href}" is not a file of this site: check its name, and that the file is in public/.`;
  }
  const suggestion = closestPage(path, site.pages);
  return (
    `the link "${href}" goes to no page on this site. Check the address` +
    (suggestion ? `, e.g. ${suggestion}.` : '.')
  );
}
