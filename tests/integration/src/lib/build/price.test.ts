/**
 * A price is written once, in its service's content file, and everything that states it follows:
 * the package card, the structured-data offer and the "from £…" search description. This builds
 * a copy of the project with one price changed and reads the built pages.
 */
import { spawnSync } from 'node:child_process';
import { cpSync, mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatPrice } from '@/lib/build/price';

const project = resolve(import.meta.dirname, '../../../../..');
const copy = mkdtempSync(join(tmpdir(), 'price-everywhere-'));
const out = join(copy, 'dist');
// astro.config.mjs keys its cache folder on OUT_DIR: this build gets one of its own.
const outDirName = `price-everywhere-${basename(copy)}`;
const cacheDir = join(project, 'node_modules', '.astro-cache', outDirName.replace(/[^\w-]/g, '_'));

/** Not copied: dependencies (linked instead), history, and build or test output. */
const skipped = /^(node_modules|\.git|\.astro|dist.*|test-results.*|playwright-report|bench-results|outbox)$/;

const shopifyFile = 'src/content/services/shopify.yaml';
const oldPrice = 400;
const newPrice = 350;
let build = { status: null as number | null, output: '' };

function read(path: string) {
  return readFileSync(join(out, path), 'utf8');
}

function htmlFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile() && entry.name.endsWith('.html'))
    .map((entry) => join(entry.parentPath, entry.name));
}

function graphOf(html: string): Record<string, unknown>[] {
  const json = /<script type="application\/ld\+json">([\s\S]*?)<\/script>/.exec(html)?.[1];
  if (!json) throw new Error('The page has no structured data');
  return (JSON.parse(json) as { '@graph': Record<string, unknown>[] })['@graph'];
}

function metaContent(html: string, key: string): string | undefined {
  const tag = new RegExp(`<meta (?:name|property)="${key}" content="([^"]*)"`).exec(html);
  return tag?.[1];
}

beforeAll(() => {
  // Everything the build may read: sources, configuration, server code the integrations import.
  for (const name of readdirSync(project)) {
    if (skipped.test(name)) continue;
    cpSync(join(project, name), join(copy, name), { recursive: true });
  }
  symlinkSync(join(project, 'node_modules'), join(copy, 'node_modules'), 'dir');
  const file = join(copy, shopifyFile);
  const before = readFileSync(file, 'utf8');
  const after = before.replace(
    `    - name: Basic\n      price: ${oldPrice}\n`,
    `    - name: Basic\n      price: ${newPrice}\n`,
  );
  if (after === before)
    throw new Error(`${shopifyFile} no longer prices Basic at £${oldPrice}: update this test`);
  writeFileSync(file, after);

  const result = spawnSync(
    process.execPath,
    [join(project, 'node_modules/astro/bin/astro.mjs'), 'build', '--outDir', out],
    {
      cwd: copy,
      encoding: 'utf8',
      env: { ...process.env, OUT_DIR: outDirName, ASTRO_TELEMETRY_DISABLED: '1', NO_COLOR: '1' },
    },
  );
  build = { status: result.status, output: `${result.stdout}\n${result.stderr}` };
}, 180_000);

afterAll(() => {
  rmSync(copy, { recursive: true, force: true });
  rmSync(cacheDir, { recursive: true, force: true });
});

describe('changing the Basic Shopify price in its content file only', () => {
  it('builds', () => {
    expect(build.status, build.output).toBe(0);
  });

  it('changes the package card', () => {
    const html = read('services/shopify.html');
    const card = /<article[^>]*data-package="Basic"[\s\S]*?<\/article>/.exec(html)?.[0] ?? '';
    expect(card).toMatch(new RegExp(`data-price[^>]*>${formatPrice(newPrice)}</p>`));
  });

  it('changes the offer in the structured data', () => {
    const service = graphOf(read('services/shopify.html')).find((node) => node['@type'] === 'Service');
    const offers = (service?.['offers'] ?? []) as { name: string; price?: number; priceCurrency?: string }[];
    expect(offers.find((offer) => offer.name === 'Basic')).toMatchObject({
      price: newPrice,
      priceCurrency: 'GBP',
    });
  });

  it('changes the "from £…" search and share descriptions', () => {
    const html = read('services/shopify.html');
    for (const key of ['description', 'og:description', 'twitter:description']) {
      expect(metaContent(html, key)).toContain(`from ${formatPrice(newPrice)}`);
    }
  });

  it('leaves the old price nowhere in the built site', () => {
    const stale = htmlFiles(out).filter((file) => {
      const html = readFileSync(file, 'utf8');
      return html.includes(formatPrice(oldPrice)) || html.includes(`"price":${oldPrice},`);
    });
    expect(stale).toEqual([]);
  });
});
