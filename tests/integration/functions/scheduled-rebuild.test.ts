/**
 * The scheduled-publishing function as Netlify's bundler builds it: run every hour under a fake
 * clock, it calls the build hook (a real local HTTP receiver) once on a day a scheduled entry goes
 * live, in that UK day's first hour, and never on other days. Its scheduled days come from the
 * posts and case studies in its bundle, written here (never the shipped ones).
 */
import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { zipFunction } from '@netlify/zip-it-and-ship-it';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { config as hookConfig } from '#functions/scheduled-rebuild.mts';
import { articleFolders } from '#src/lib/shared/scheduled-days.ts';
import { markdownFile } from '#tools/markdown-files.ts';

type Handler = () => Promise<Response>;

const project = path.resolve(import.meta.dirname, '../../..');
const root = mkdtempSync(path.join(os.tmpdir(), 'scheduled-rebuild-function-'));
const calls: string[] = [];
const receiver = createServer((request: IncomingMessage, response) => {
  calls.push(`${request.method} ${request.url}`);
  response.end('{}');
});
const hour = 3_600_000;
let handler: Handler;

/** Runs the function once an hour from `from` for `hours` hours; the calls the hook received. */
async function runHourly(from: string, hours: number) {
  calls.length = 0;
  for (let at = Date.parse(from); at < Date.parse(from) + hours * hour; at += hour) {
    vi.setSystemTime(at);
    expect((await handler()).status).toBe(204);
  }
  return [...calls];
}

beforeAll(async () => {
  const bundle = await zipFunction(
    path.join(project, 'functions/scheduled-rebuild.mts'),
    path.join(root, 'out'),
    {
      archiveFormat: 'none',
      basePath: project,
      repositoryRoot: project,
      config: { '*': { nodeBundler: 'esbuild', nodeVersion: '24' } },
    },
  );
  if (!bundle) throw new Error('the function was not bundled');
  // The bundle's own posts and case studies: one post due 8 December, one study due 14 July, a draft.
  for (const folder of articleFolders) {
    rmSync(path.join(bundle.path, folder), { recursive: true, force: true });
    mkdirSync(path.join(bundle.path, folder), { recursive: true });
  }
  const entry = (publishDate: string, extra: object = {}) =>
    markdownFile({ title: 'Soon', publishDate, scheduled: true, ...extra }, 'Text.');
  writeFileSync(path.join(bundle.path, articleFolders[0], 'winter.md'), entry('2026-12-08'));
  writeFileSync(path.join(bundle.path, articleFolders[0], 'hidden.md'), entry('2026-12-10', { draft: true }));
  writeFileSync(path.join(bundle.path, articleFolders[1], 'summer.md'), entry('2027-07-14'));
  const main = path.join(bundle.path, 'functions', 'scheduled-rebuild.mjs');
  handler = ((await import(pathToFileURL(main).href)) as { default: Handler }).default;
  await new Promise<void>((done) => receiver.listen(0, '127.0.0.1', done));
  const { port } = receiver.address() as AddressInfo;
  vi.stubEnv('NETLIFY_BUILD_HOOK_URL', `http://127.0.0.1:${port}/build_hooks/abc123`);
  vi.spyOn(console, 'log').mockImplementation(() => undefined);
  vi.useFakeTimers({ toFake: ['Date'] });
}, 120_000);

afterAll(async () => {
  vi.useRealTimers();
  vi.unstubAllEnvs();
  vi.restoreAllMocks();
  await new Promise((done) => receiver.close(done));
  rmSync(root, { recursive: true, force: true });
});

describe('the scheduled-publishing function', () => {
  it('runs every hour, with no address of its own', () => {
    expect(hookConfig).toEqual({ schedule: '5 * * * *' });
  });

  it('calls the build hook once on a winter day an entry goes live, in its first hour', async () => {
    expect(await runHourly('2026-12-07T00:05:00Z', 72)).toEqual(['POST /build_hooks/abc123']);
    expect(console.log).toHaveBeenCalledWith(expect.stringContaining('2026-12-08'));
  });

  it('calls it once on a summer day too, at 00:05 UK time (23:05 UTC the day before)', async () => {
    vi.setSystemTime(Date.parse('2027-07-13T23:05:00Z'));
    calls.length = 0;
    await handler();
    expect(calls).toHaveLength(1);
    expect(await runHourly('2027-07-13T00:05:00Z', 23)).toEqual([]);
    expect(await runHourly('2027-07-14T00:05:00Z', 48)).toEqual([]);
  });

  it('calls nothing on days with no entry due, nor for a draft', async () => {
    expect(await runHourly('2026-12-09T00:05:00Z', 72)).toEqual([]);
  });

  it('calls nothing without a hook, and says so on the due day', async () => {
    vi.stubEnv('NETLIFY_BUILD_HOOK_URL', '');
    expect(await runHourly('2026-12-08T00:05:00Z', 2)).toEqual([]);
    expect(console.log).toHaveBeenCalledWith(expect.stringContaining('NETLIFY_BUILD_HOOK_URL is not set'));
  });

  it('is given the posts and case studies by netlify.toml', () => {
    const toml = readFileSync(path.join(project, 'netlify.toml'), 'utf8');
    const section = toml.split('[functions.scheduled-rebuild]')[1] ?? '';
    for (const folder of articleFolders) expect(section).toContain(`"${folder}/*.md"`);
  });
});
