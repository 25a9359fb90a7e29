import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { AstroIntegrationLogger } from 'astro';
import { afterAll, describe, expect, it } from 'vitest';
import { islandStyles } from '#src/integrations/island-styles.ts';

const dir = mkdtempSync(join(tmpdir(), 'island-styles-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const rule = '<style>astro-island,astro-slot,astro-static-slot{display:contents}</style>';
const page = (body: string, head = '<title>t</title>') =>
  `<!doctype html><html><head>${head}</head><body>${body}</body></html>`;

async function build(files: Record<string, string>) {
  for (const [name, html] of Object.entries(files)) writeFileSync(join(dir, name), html);
  const logger = { info: () => {} } as unknown as AstroIntegrationLogger;
  const done = islandStyles().hooks['astro:build:done'] as (options: object) => Promise<void>;
  await done({ dir: pathToFileURL(`${dir}/`), logger });
  return (name: string) => readFileSync(join(dir, name), 'utf8');
}

describe("Astro's island rule, moved after the build", () => {
  it('moves the rule from before the first island to the end of the head, unchanged', async () => {
    const read = await build({
      'a.html': page(`<header><div>${rule}<astro-island></astro-island></div></header>`),
    });
    expect(read('a.html')).toBe(
      page('<header><div><astro-island></astro-island></div></header>', `<title>t</title>${rule}`),
    );
  });

  it('leaves a page without islands, or with the rule already in its head, as it was', async () => {
    const plain = page('<p>No island</p>');
    const done = page('<astro-island></astro-island>', `<title>t</title>${rule}`);
    const read = await build({ 'b.html': plain, 'c.html': done });
    expect(read('b.html')).toBe(plain);
    expect(read('c.html')).toBe(done);
  });
});
