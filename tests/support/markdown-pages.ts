/**
 * A built page of each kind whose text comes from Markdown (a legal page always; an article once
 * one is published), by the class its prose carries: where an editor's tables go in
 * tests/e2e/no-js/tables.once.spec.ts and tests/e2e/engines/tables.spec.ts.
 */
import { resolve } from 'node:path';
import { builtSite } from './built-site.ts';
import { indexableRoutes } from './site.ts';

const proseKinds = ['prose-legal', 'article-prose'] as const;

export function markdownPages() {
  const built = builtSite(resolve(process.env.OUT_DIR ?? 'dist'));
  return proseKinds.flatMap((kind) => {
    const path = indexableRoutes.find((route) =>
      new RegExp(`class="[^"]*\\b${kind}\\b`).test(built.html(route)),
    );
    return path ? [{ kind, path }] : [];
  });
}
