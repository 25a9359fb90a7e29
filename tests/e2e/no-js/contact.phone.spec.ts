/**
 * The contact form without JavaScript: a plain POST answered by the function with a page, whose
 * outcomes do not depend on the width, so it runs at phone size only, the visitor on a slow phone
 * whose script has not arrived.
 */
import { expect, test } from '@playwright/test';
import { site } from '#support/site.ts';
import {
  asOwnClient,
  enquiry,
  expectEnquiry,
  expectQuietHoneypot,
  failMarker,
  fillEnquiry,
  mailWith,
  neitherStoredNorSent,
  uniqueMarker,
} from '#support/contact.ts';
import { content } from '#support/content.ts';
import { textOfLength } from '#support/long-enquiries.ts';
import { enquiryLimits } from '#src/lib/shared/enquiry.ts';

const contact = content.pages.contact;

test.beforeEach(async ({ page }) => {
  await asOwnClient(page);
});

test('without JavaScript an enquiry is sent and the visitor lands on the sent page', async ({ page }) => {
  const marker = uniqueMarker('No-JS enquiry');
  await page.goto('/contact');
  // Empty: the function derives the enquiry's id from its content instead.
  await expect(page.locator('input[name="submissionId"]')).toHaveValue('');
  await expectQuietHoneypot(page);
  await fillEnquiry(page, enquiry(marker));
  await page.getByRole('button', { name: contact.form.submit }).click();

  await expect(page).toHaveURL(/\/contact\/sent$/);
  await expect(page.locator('h1')).toHaveText(contact.sent.heading);
  await expect(page.getByText(contact.toasts.success.description)).toBeVisible();
  const book = page.getByRole('link', { name: contact.sent.bookLabel });
  await expect(book).toHaveAttribute('href', site.bookingUrl);
  await expect(book).toHaveAttribute('target', '_blank');
  await expect(page.getByRole('link', { name: contact.sent.againLabel })).toHaveAttribute('href', '/contact');
  await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', /noindex/);

  await expect.poll(async () => (await mailWith(marker)).length).toBe(1);
  expect((await mailWith(marker))[0]?.subject).toMatch(/^New enquiry/);

  // Sent again with Back and resend: the same enquiry, answered as sent and not mailed twice.
  await page.goBack();
  await page.getByRole('button', { name: contact.form.submit }).click();
  await expect(page).toHaveURL(/\/contact\/sent$/);
  expect(await mailWith(marker)).toHaveLength(1);
});

test('without JavaScript the longest message the form allows, in Chinese with line breaks, is sent', async ({
  page,
}) => {
  // Found by its sender's address: a mostly Chinese email is base64, with no marker in the clear.
  const email = `${uniqueMarker('longest').replace(/\W+/g, '-')}@example.co.uk`;
  const message = textOfLength(enquiryLimits.message, 'chinese').replace(/(.{99})./g, '$1\n');
  await page.goto('/contact');
  await fillEnquiry(page, { ...enquiry(message), email });
  const field = page.getByLabel('Message');
  await expect(field).toHaveAttribute('maxlength', String(enquiryLimits.message));
  expect(await field.inputValue()).toBe(message);
  await page.getByRole('button', { name: contact.form.submit }).click();

  await expect(page).toHaveURL(/\/contact\/sent$/);
  await expect.poll(async () => (await mailWith(email)).length).toBe(1);
  const mailed = (await mailWith(email))[0]?.text;
  for (const line of message.split('\n')) expect(mailed).toContain(line);
});

test('without JavaScript a send the mail server refuses still lands on the sent page', async ({ page }) => {
  const marker = uniqueMarker('No-JS refused');
  await page.goto('/contact');
  await fillEnquiry(page, enquiry(`${marker} ${failMarker}`));
  await page.getByRole('button', { name: contact.form.submit }).click();
  await expect(page).toHaveURL(/\/contact\/sent$/);
  expect(await mailWith(marker)).toEqual([]);
});

test('without JavaScript a failed send explains itself, and Back returns every typed value', async ({
  page,
}) => {
  const values = enquiry(uniqueMarker('No-JS failure'));
  await page.goto('/contact');
  await fillEnquiry(page, values);
  await neitherStoredNorSent(page);
  await page.getByRole('button', { name: contact.form.submit }).click();

  await expect(page).toHaveURL(/\/contact\/error$/);
  const alert = page.getByRole('alert');
  await expect(alert.locator('h1')).toHaveText(contact.toasts.error.title);
  await expect(alert).toContainText(
    `There was a problem sending your message. Please try again or email us directly at ${site.email}`,
  );
  await expect(alert.getByRole('link', { name: site.email })).toHaveAttribute('href', `mailto:${site.email}`);
  await expect(alert).toContainText(contact.notSent.hint);
  await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', /noindex/);
  // The link to a new message stands alone: a real 24 px target, not a line of text (WCAG 2.5.8).
  const again = await alert.locator('a[href="/contact"]').boundingBox();
  expect(again?.height).toBeGreaterThanOrEqual(24);

  await page.goBack();
  await expect(page).toHaveURL(/\/contact$/);
  await expectEnquiry(page, values);
});

test('the browser refuses to send the form without the required fields', async ({ page }) => {
  await page.goto('/contact');
  await page.getByRole('button', { name: contact.form.submit }).click();
  await expect(page).toHaveURL(/\/contact$/);
  for (const label of ['Name', 'Email', 'Message']) {
    await expect(page.getByLabel(label)).toHaveAttribute('required', '');
  }
  await expect(page.getByLabel('Email')).toHaveAttribute('type', 'email');
});
