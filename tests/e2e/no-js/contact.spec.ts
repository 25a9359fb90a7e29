import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { outbox } from '../../../playwright.config.ts';
import { site } from '../site.ts';

function outboxContaining(text: string): string[] {
  let files: string[] = [];
  try {
    files = readdirSync(outbox);
  } catch {
    return [];
  }
  // Undo quoted-printable soft line breaks so a long line can be searched whole.
  const read = (file: string) => readFileSync(join(outbox, file), 'utf8').replace(/=\r?\n/g, '');
  return files.filter((file) => read(file).includes(text));
}

test('without JavaScript an enquiry is sent and the visitor lands on the sent page', async ({
  page,
}, testInfo) => {
  const marker = `No-JS enquiry ${testInfo.project.name} ${Date.now()}`;
  await page.goto('/contact');
  await page.getByLabel('Name').fill('Jo Bloggs');
  await page.getByLabel('Email').fill('jo@example.co.uk');
  await page.getByLabel('Company').fill('Bloggs Ltd');
  await page.getByLabel('Project type').selectOption('shopify');
  await page.getByLabel('Budget range').selectOption('1k-5k');
  await page.getByLabel('Message').fill(marker);
  await page.getByRole('button', { name: 'Send Message' }).click();

  await expect(page).toHaveURL(/\/contact\/sent$/);
  await expect(page.locator('h1')).toHaveText('Message Sent!');
  await expect(
    page.getByText("Thanks — your message is on its way. We'll reply within 24 hours."),
  ).toBeVisible();
  const book = page.getByRole('link', { name: /Book a call now/ });
  await expect(book).toHaveAttribute('href', site.bookingUrl);
  await expect(book).toHaveAttribute('target', '_blank');
  await expect(page.getByRole('link', { name: 'Send another message' })).toHaveAttribute('href', '/contact');
  await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', /noindex/);

  await expect.poll(() => outboxContaining(marker).length).toBe(1);
});

test('the browser refuses to send the form without the required fields', async ({ page }) => {
  await page.goto('/contact');
  await page.getByRole('button', { name: 'Send Message' }).click();
  await expect(page).toHaveURL(/\/contact$/);
  for (const label of ['Name', 'Email', 'Message']) {
    await expect(page.getByLabel(label)).toHaveAttribute('required', '');
  }
  await expect(page.getByLabel('Email')).toHaveAttribute('type', 'email');
});
