import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { builtIndexableRoutes, htmlRoutes } from '#tools/built-routes.ts';
import { isServiceRoute } from '#src/lib/shared/routes.ts';

const builtServiceRoutes = (dist: string) => builtIndexableRoutes(dist).filter(isServiceRoute);

const dists: string[] = [];
function distWith(home?: string): string {
  const dist = mkdtempSync(join(tmpdir(), 'built-routes-'));
  dists.push(dist);
  mkdirSync(dist, { recursive: true });
  if (home !== undefined) writeFileSync(join(dist, 'index.html'), home);
  return dist;
}

afterAll(() => {
  for (const dist of dists) rmSync(dist, { recursive: true, force: true });
});

// The shape of the header Header.astro writes: the Services link, then its menu.
const home = `<nav aria-label="Main"><ul><li><a href="/">Home</a></li><li data-dropdown>
<a href="/services">Services</a><div id="services-menu" class="dropdown-panel"><ul>
<li><a href="/services/zebra" class="x">Zebra</a></li><li><a href="/services/alpha">Alpha</a></li>
</ul></div></li><li><a href="/about">About</a></li></ul></nav><main><a href="/services/other">x</a></main>`;

describe('the routes of a built site', () => {
  it('takes the service pages from the header’s services menu, in its order', () => {
    expect(builtServiceRoutes(distWith(home))).toEqual(['/services/zebra', '/services/alpha']);
  });

  it('puts them after /services among the other indexable routes', () => {
    expect(builtIndexableRoutes(distWith(home)).slice(0, 5)).toEqual([
      '/',
      '/services',
      '/services/zebra',
      '/services/alpha',
      '/about',
    ]);
  });

  it('says to build first when there is no built home page or no menu in it', () => {
    expect(() => builtServiceRoutes(distWith())).toThrow(/build the site first/);
    expect(() => builtServiceRoutes(distWith('<main>No header</main>'))).toThrow(/build the site first/);
  });
});

describe('the indexable pages of another static build', () => {
  const noindex = '<meta name="robots" content="noindex, follow"><p>x</p>';
  const distOf = (files: Record<string, string>) => {
    const dist = distWith('<main>Home</main>');
    for (const [file, html] of Object.entries(files)) {
      mkdirSync(join(dist, file, '..'), { recursive: true });
      writeFileSync(join(dist, file), html);
    }
    return dist;
  };

  it('lists every HTML file but the 404 page and those marked noindex, as the paths a visitor asks for', () => {
    const dist = distOf({
      'pricing.html': '<p>x</p>',
      'blog/a-post.html': '<p>x</p>',
      'logo.svg': '<svg></svg>',
      '404.html': '<p>Not found</p>',
      'old.html': noindex,
      'old/index.html': noindex,
    });
    expect(htmlRoutes(dist)).toEqual(['/', '/blog/a-post', '/pricing']);
  });

  it('refuses a page built as a folder’s index, saying how to build it', () => {
    expect(() => htmlRoutes(distOf({ 'about/index.html': '<p>x</p>' }))).toThrow(
      /about\/index\.html: .*build\.format 'file'/,
    );
  });
});
