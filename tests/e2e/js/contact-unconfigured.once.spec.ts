/**
 * The contact form on a fresh machine: the built site served by `npm start` (its own process) with
 * no mail variable and no .env. The JS form shows its success state and the no-JS form lands on
 * the sent page, as with mail configured; `npm run enquiries` then lists both, waiting for mail.
 */
import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { expect, test } from '@playwright/test';
import { parse } from 'yaml';
import { enquiry, expectHydrated, fillEnquiry, takeOurTime, uniqueMarker } from '#support/contact.ts';
import { startLikeNpmStart, type StartedServer } from '#support/raw-http.ts';
import { servedDist } from '#support/built-site.ts';

const project = resolve(import.meta.dirname, '../../..');
const copy = parse(readFileSync(join(project, 'src/content/pages/contact.yaml'), 'utf8')) as {
  form: { submit: string };
  sent: { heading: string };
  toasts: { success: { title: string } };
};
const work = mkdtempSync(join(tmpdir(), 'contact-unconfigured-'));
let server: StartedServer;
let origin = '';

test.beforeAll(async () => {
  server = await startLikeNpmStart({ cwd: work, env: { OUT_DIR: servedDist } });
  origin = `http://localhost:${server.port}`;
});

test.afterAll(async () => {
  await server.stop();
  rmSync(work, { recursive: true, force: true });
});

test('both forms are answered as sent with mail unconfigured, and both enquiries are kept', async ({
  page,
  browser,
}) => {
  const withScript = uniqueMarker('Kept with JS');
  await page.clock.install();
  await page.goto(`${origin}/contact`);
  await fillEnquiry(page, enquiry(withScript));
  await expectHydrated(page);
  await takeOurTime(page);
  await page.getByRole('button', { name: copy.form.submit }).click();
  await expect(page.getByRole('status').filter({ hasText: copy.toasts.success.title })).toBeVisible();
  await expect(page.getByRole('heading', { name: copy.sent.heading })).toBeFocused();

  const withoutScript = uniqueMarker('Kept without JS');
  const noJs = await browser.newContext({ javaScriptEnabled: false });
  try {
    const plain = await noJs.newPage();
    await plain.goto(`${origin}/contact`);
    await fillEnquiry(plain, enquiry(withoutScript));
    await plain.getByRole('button', { name: copy.form.submit }).click();
    await expect(plain).toHaveURL(/\/contact\/sent$/);
    await expect(plain.locator('h1')).toHaveText(copy.sent.heading);
  } finally {
    await noJs.close();
  }

  const { stdout } = await promisify(execFile)(process.execPath, [join(project, 'scripts/enquiries.ts')], {
    cwd: work,
    env: { PATH: process.env.PATH },
  });
  expect(stdout.match(/ pending .* not_configured$/gm)).toHaveLength(2);
  expect(stdout).toContain('2 of 2 waiting for mail to be configured');
  expect(server.output()).toContain('npm run enquiries');
});
