/**
 * The local server when the function fails after reading the whole request: a plain 500 and a log
 * line saying the request failed, never that the client cut it off (the body, once read, leaves
 * Node's request destroyed, yet complete).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it, vi } from 'vitest';
import { createSiteServer } from '#server/server.ts';

const root = mkdtempSync(join(tmpdir(), 'server-handler-errors-'));
const logged: string[] = [];
const server = createSiteServer({
  root,
  log: (line) => logged.push(line),
  // A function with a bug that shows only once it has read the whole request.
  contactHandler: async (request: Request) => {
    await request.text();
    throw new Error('a bug in the function');
  },
});
let port = 0;

beforeAll(async () => {
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  port = (server.address() as AddressInfo).port;
});

afterAll(async () => {
  await new Promise((done) => server.close(done));
  rmSync(root, { recursive: true, force: true });
});

it('answers 500 and logs a failed request, not a cut-off one', async () => {
  const errors = vi.spyOn(console, 'error').mockImplementation(() => undefined);
  const response = await fetch(`http://127.0.0.1:${port}/api/send-contact-email`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: '{"name":"Jo"}',
  });
  expect(response.status).toBe(500);
  expect(logged.join('\n')).not.toContain('cut off');
  expect(errors).toHaveBeenCalledWith('Request failed:', expect.any(Error));
});
