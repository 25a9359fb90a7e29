/**
 * `npm start`'s scheduled rebuild swaps a build in only once it is complete: the local server keeps
 * answering from the build it has while the next one is made beside it, then answers from the new
 * one, its `_headers` included; a failed build leaves the served one as it was and says why.
 * The build is a stand-in for `astro build` (a script writing into the `--outDir` it is given), so
 * the test times nothing and builds no site.
 */
import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSiteServer } from '#server/server.ts';
import { buildAndSwap } from '#server/scheduled-rebuild.ts';

const root = mkdtempSync(join(tmpdir(), 'scheduled-rebuild-'));
const served = join(root, 'dist');
const go = join(root, 'go');

/** A child Node process has started and written its first file: seconds on a machine shared with other suites. */
const nodeStart = { timeout: 60_000 };

/** A stand-in for astro's command line: waits for `go`, then writes a site saying `word`, or fails. */
function fakeAstro(name: string, word: string, fails = false) {
  const script = join(root, `${name}.mjs`);
  writeFileSync(
    script,
    `import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
const out = process.argv[process.argv.indexOf('--outDir') + 1];
mkdirSync(out, { recursive: true });
writeFileSync(out + '/index.html', '<p>${word} ' + process.env.PUBLISH_DAY + '</p>');
while (!existsSync(${JSON.stringify(go)})) await new Promise((done) => setTimeout(done, 20));
${fails ? "console.error('[ERROR] src/content/blog/new.md: the cover is missing'); process.exit(1);" : ''}
writeFileSync(out + '/_headers', '/*\\n  X-Build: ${word}\\n');
`,
  );
  return buildAndSwap({ astro: script, project: root, served });
}

const server = createSiteServer({ root: served, log: () => {} });
let origin = '';
const home = async () => {
  const response = await fetch(`${origin}/`);
  return { text: await response.text(), build: response.headers.get('x-build') };
};

beforeAll(async () => {
  mkdirSync(served);
  writeFileSync(join(served, 'index.html'), '<p>old</p>');
  writeFileSync(join(served, '_headers'), '/*\n  X-Build: old\n');
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await new Promise((done) => server.close(done));
  rmSync(root, { recursive: true, force: true });
});

describe('a scheduled rebuild', () => {
  it('keeps a failed build out, serving the previous one, and says why', async () => {
    rmSync(go, { force: true });
    const building = fakeAstro('failing', 'broken', true)('2026-12-08');
    await expect.poll(() => existsSync(join(root, 'dist.next/index.html')), nodeStart).toBe(true);
    writeFileSync(go, '');
    const outcome = await building;
    expect(outcome).toEqual({ ok: false, reason: expect.stringContaining('the cover is missing') });
    expect(await home()).toEqual({ text: '<p>old</p>', build: 'old' });
    expect(readdirSync(root).filter((name) => name.startsWith('dist'))).toEqual(['dist']);
  });

  it('serves the current build until the new one is complete, then the new one and its headers', async () => {
    rmSync(go, { force: true });
    const building = fakeAstro('working', 'new')('2026-12-08');
    // The next build has begun writing beside the served one, which still answers.
    await expect.poll(() => existsSync(join(root, 'dist.next/index.html')), nodeStart).toBe(true);
    expect(await home()).toEqual({ text: '<p>old</p>', build: 'old' });
    writeFileSync(go, '');
    expect(await building).toEqual({ ok: true });
    // The build was told the day it publishes for.
    expect(await home()).toEqual({ text: '<p>new 2026-12-08</p>', build: 'new' });
    await expect.poll(() => readdirSync(root).filter((name) => name.startsWith('dist'))).toEqual(['dist']);
  });
});
