/**
 * A repeat visit to `npm start` costs a 304: every file the build wrote (each page, script,
 * picture, feed and rules file) is served with an ETag and Last-Modified, and asked for again with
 * either one it answers 304 with no body. Text goes out as the brotli copy the build wrote, and
 * hashed assets stay cached for a year.
 */
import { servedDist } from '#support/built-site.ts';
import { readdirSync, statSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import { expect, test } from '@playwright/test';
import { isCompressible, precompressedCopies } from '#src/lib/shared/content-types.ts';
import { cacheControl, hashedAssetsPath } from '#src/lib/shared/response-headers.ts';
import { pathPattern } from '#src/lib/shared/headers-file.ts';
import { routePath } from '#src/lib/shared/routes.ts';

const dist = servedDist;

/** Every file a visitor can ask for, by the path that serves it: not the copies, not Netlify's `_headers`. */
const served = readdirSync(dist, { recursive: true, withFileTypes: true })
  .filter((entry) => entry.isFile())
  .map((entry) => join(entry.parentPath, entry.name))
  .filter((file) => !precompressedCopies.some(({ suffix }) => file.endsWith(suffix)))
  .map((file) => ({ file, path: `/${relative(dist, file).split(sep).join('/')}` }))
  .filter(({ path }) => !/^\/_[^/]*$/.test(path))
  .map(({ file, path }) => ({ file, path: path.endsWith('.html') ? routePath(path) : path }));

const hashed = pathPattern(hashedAssetsPath);

test('the build has pages, hashed assets and pictures to ask for', () => {
  const paths = served.map(({ path }) => path);
  expect(paths).toContain('/');
  expect(paths.some((path) => hashed.test(path))).toBe(true);
  expect(paths.some((path) => !isCompressible(path))).toBe(true);
});

test('a second request with the first answer’s validator answers 304 with no body', async ({ request }) => {
  // Every file the build wrote, three requests each: asked eight files at a time, so the sweep
  // stays well inside the test's time on a busy machine however many files the editor adds.
  test.setTimeout(90_000);
  const headers = { 'accept-encoding': 'gzip, deflate, br' };
  const revalidates = async ({ file, path }: (typeof served)[number]) => {
    const first = await request.get(path, { headers });
    expect(first.status(), path).toBe(200);
    const { etag, 'last-modified': modified } = first.headers();
    expect(etag, path).toBeTruthy();
    expect(modified, path).toBeTruthy();
    // The build's brotli copy, for any text large enough to gain from it.
    if (isCompressible(path) && statSync(file).size > 1000)
      expect(first.headers()['content-encoding'], path).toBe('br');
    if (hashed.test(path)) expect(first.headers()['cache-control'], path).toBe(cacheControl.hashedAsset);
    const validators: Record<string, string>[] = [
      { 'if-none-match': etag! },
      { 'if-modified-since': modified! },
    ];
    for (const validator of validators) {
      const again = await request.get(path, { headers: { ...headers, ...validator } });
      expect(again.status(), `${path} ${Object.keys(validator)[0]}`).toBe(304);
      expect((await again.body()).length, path).toBe(0);
    }
  };
  for (let start = 0; start < served.length; start += 8)
    await Promise.all(served.slice(start, start + 8).map(revalidates));
});
