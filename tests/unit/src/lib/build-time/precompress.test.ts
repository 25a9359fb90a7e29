import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, describe, expect, it } from 'vitest';
import { precompress } from '#src/lib/build-time/precompress.ts';
import { precompressedCopies } from '#src/lib/shared/content-types.ts';

const dir = mkdtempSync(join(tmpdir(), 'precompress-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const page = `<!doctype html><title>About</title>${'<p>We build Shopify shops.</p>'.repeat(100)}`;
const decoders = { br: brotliDecompressSync, gzip: gunzipSync };

describe('precompress', () => {
  it('writes a brotli and a gzip copy of each text file, at any depth, that decode to the file', async () => {
    mkdirSync(join(dir, '_astro'));
    writeFileSync(join(dir, 'about.html'), page);
    writeFileSync(join(dir, '_astro', 'site.abc.css'), `body{color:red}${'p{margin:0}'.repeat(200)}`);
    writeFileSync(join(dir, 'logo.png'), Buffer.alloc(4000));
    const report = await precompress(dir);
    expect(report.files).toBe(2);
    for (const file of ['about.html', '_astro/site.abc.css']) {
      const body = readFileSync(join(dir, file));
      for (const { encoding, suffix } of precompressedCopies) {
        const copy = readFileSync(join(dir, file + suffix));
        expect(copy.length, file + suffix).toBeLessThan(body.length);
        expect(decoders[encoding](copy).equals(body), file + suffix).toBe(true);
      }
    }
    // Pictures are compressed already: no copies.
    expect(existsSync(join(dir, 'logo.png.gz'))).toBe(false);
    expect(report.sent.br).toBeLessThan(report.sent.gzip);
    expect(report.sent.gzip).toBeLessThan(report.bytes);
  });

  it('writes no copy that would not be smaller, and removes one an earlier build left', async () => {
    writeFileSync(join(dir, 'about.html'), '<p>Hi</p>');
    const report = await precompress(dir);
    for (const { suffix } of precompressedCopies)
      expect(existsSync(join(dir, `about.html${suffix}`))).toBe(false);
    expect(report.sent.br).toBeGreaterThanOrEqual(readFileSync(join(dir, 'about.html')).length);
  });
});
