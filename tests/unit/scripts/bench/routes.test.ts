import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { benchRoutes, missingPath, routeLabel } from '#scripts/bench/routes.ts';
import { builtIndexableRoutes } from '#tools/built-routes.ts';

// A build whose header lists one service page, in the shape Header.astro writes.
const dist = mkdtempSync(join(tmpdir(), 'bench-routes-'));
writeFileSync(
  join(dist, 'index.html'),
  `<nav><ul><li><a href="/services">Services</a><div id="services-menu"><ul>
<li><a href="/services/only">Only</a></li></ul></div></li></ul></nav>`,
);
afterAll(() => rmSync(dist, { recursive: true, force: true }));

describe('the routes the bench measures', () => {
  it('takes every indexable route of the build, then the two contact outcomes and a real 404', () => {
    const { routes } = benchRoutes(dist, []);
    expect(routes).toEqual([...builtIndexableRoutes(dist), '/contact/sent', '/contact/error', missingPath]);
    expect(routes).toContain('/services/only');
    expect(benchRoutes(dist, ['/contact']).routes).toEqual(['/contact']);
  });

  it('grades the indexable pages on everything, and leaves out only what a noindex page or a 404 cannot pass', () => {
    const { ungraded } = benchRoutes(dist, []);
    expect(ungraded('/services/only')).toEqual([]);
    expect(ungraded('/contact/sent')).toEqual(['seo']);
    // Chromium keeps only 2xx pages in the back/forward cache, and logs a 404 as a console error.
    expect(ungraded(missingPath)).toEqual(['seo', 'best-practices', 'bfCache']);
  });

  it('names the 404 as such in the table', () => {
    expect(routeLabel(missingPath)).toBe(`404 (${missingPath})`);
    expect(routeLabel('/about')).toBe('/about');
  });
});
