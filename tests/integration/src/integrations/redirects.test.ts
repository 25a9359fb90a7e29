/**
 * Old addresses editors keep working, end to end: a copy of the project with a post renamed (its
 * old address in `redirectFrom`) and an address added to src/content/redirects.yaml, built, then
 * served by `npm start` as 301s and read by Netlify's own parser; and a redirect to no page,
 * which stops the build naming the file and line.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseAllRedirects } from '@netlify/redirect-parser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { articlePath } from '#src/lib/build-time/articles/articles.ts';
import { redirectsFile } from '#src/lib/build-time/redirects/redirect-sources.ts';
import { contactRoute } from '#src/lib/shared/routes.ts';
import { markdownFile } from '#tools/markdown-files.ts';
import type { CommandResult } from '#tools/scratch-copy.ts';
import { copyProject } from '#support/project-copy.ts';
import { rawRequest, startLikeNpmStart, type StartedServer } from '#support/raw-http.ts';
import { editedYaml } from '#support/yaml-edits.ts';

const copy = copyProject('redirects');
afterAll(() => copy.cleanup());

const read = (path: string) => readFileSync(join(copy.dir, path), 'utf8');
const founder = readdirSync(join(copy.dir, 'src/content/founders')).find((file) => file.endsWith('.md'))!;

const newName = 'what-we-learnt-moving-shops';
const oldPostAddress = articlePath('blog', 'what-we-learned-moving-shops');
const oldAddress = '/get-in-touch';

/** The copy's redirects.yaml with one more old address, added to what it holds now. */
const withRedirect = (from: string, to: string) =>
  editedYaml(read(redirectsFile), (document) => {
    document.addIn(['redirects'], document.createNode({ from, to }));
  });

let built: CommandResult;
let server: StartedServer;

beforeAll(async () => {
  copy.write(
    `src/content/blog/${newName}.md`,
    markdownFile(
      {
        title: 'What we learnt moving shops',
        description: 'A post renamed after it went live, so its first address must keep working for readers.',
        publishDate: '2025-03-04',
        author: founder.replace(/\.md$/, ''),
        redirectFrom: [oldPostAddress],
      },
      'Text.',
    ),
  );
  copy.write(redirectsFile, withRedirect(oldAddress, contactRoute));
  built = copy.build();
});

const get = (target: string) => rawRequest(server.port, `GET ${target} HTTP/1.1\r\nHost: localhost`);

describe('a renamed post and an added old address', () => {
  beforeAll(async () => {
    if (built.status === 0) server = await startLikeNpmStart({ cwd: copy.dir, env: { OUT_DIR: copy.dist } });
  });
  afterAll(async () => {
    await server?.stop();
  });

  it('build', () => {
    expect(built.output).not.toMatch(/mistake/i);
    expect(built.status).toBe(0);
  });

  it('are answered by `npm start` with a 301 to the page, in both slash forms', async () => {
    for (const [from, to] of [
      [oldPostAddress, articlePath('blog', newName)],
      [oldAddress, contactRoute],
    ] as const) {
      for (const path of [from, `${from}/`]) {
        const response = await get(path);
        expect(response.status, path).toBe(301);
        expect(response.headers['location'], path).toBe(to);
      }
      expect((await get(to)).status, to).toBe(200);
    }
  });

  it('are read by Netlify’s own parser as forced 301s', async () => {
    const { redirects, errors } = await parseAllRedirects({
      redirectsFiles: [join(copy.dist, '_redirects')],
      configRedirects: [],
      minimal: true,
    });
    expect(errors).toEqual([]);
    const rules = (redirects as Array<{ from: string; to: string; status: number; force: boolean }>).map(
      ({ from, to, status, force }) => `${from} ${to} ${status}${force ? '!' : ''}`,
    );
    expect(rules).toContain(`${oldPostAddress} ${articlePath('blog', newName)} 301!`);
    expect(rules).toContain(`${oldAddress} ${contactRoute} 301!`);
  });
});

describe('a redirect to no page', () => {
  it('stops the build, naming the file and line', () => {
    const text = withRedirect('/an-old-offer', '/no-such-page-here');
    copy.write(redirectsFile, text);
    const line = text.split('\n').findIndex((row) => row.includes('from: /an-old-offer')) + 1;
    const result = copy.build();
    expect(result.status).not.toBe(0);
    expect(result.output).toContain(
      `${redirectsFile}:${line}: /an-old-offer goes to /no-such-page-here, which is no page of the site`,
    );
  }, 600_000);
});
