/**
 * The contact form's draft in the tab's sessionStorage (src/lib/shared/enquiry-draft.ts): what
 * the visitor types survives a reload, a new visit in the same tab (a discarded tab or a crash
 * restores the tab's storage the same way) and Back, never holds the spam trap, and is cleared
 * once the enquiry is received. The island's logic, the same at every width: phone size only.
 */
import { expect, test, type Page } from '@playwright/test';
import { honeypotField } from '#src/lib/shared/spam-traps.ts';
import { submissionIdField } from '#src/lib/shared/submission.ts';
import {
  asOwnClient,
  emptyEnquiry,
  enquiry,
  expectEnquiry,
  expectHydrated,
  fillEnquiry,
  fillHydrated,
  formIsland,
  mailWith,
  savedDraft,
  successToast,
  uniqueMarker,
  type Enquiry,
} from '#support/contact.ts';
import { content } from '#support/content.ts';
import { enquiryLimits } from '#src/lib/shared/enquiry.ts';

const contact = content.pages.contact;

/** A message as long as the form allows, with line breaks, that no other test sends. */
function longEnquiry(label: string): Enquiry {
  const marker = uniqueMarker(label);
  const paragraph = `${marker}: we sell handmade ceramics and need a faster Shopify store.\n`;
  return enquiry(paragraph.repeat(enquiryLimits.message).slice(0, enquiryLimits.message));
}

const submissionId = (page: Page) => page.locator(`input[name="${submissionIdField}"]`);

test.beforeEach(async ({ page }) => {
  await asOwnClient(page);
  await page.clock.install();
});

test('a long message typed, then a reload, is still there, with the same submission id, without a touch', async ({
  page,
}) => {
  const values = longEnquiry('Draft reload');
  await page.goto('/contact');
  await fillEnquiry(page, values);
  await expect(submissionId(page)).not.toHaveValue('');
  const id = await submissionId(page).inputValue();
  await expect.poll(() => savedDraft(page)).toContain(JSON.stringify(values.message));

  await page.reload();
  // Nothing is pointed at or typed: the tab's draft alone hydrates the form and fills it in.
  await expectEnquiry(page, values);
  await expect(submissionId(page)).toHaveValue(id);
});

test('the draft comes back on a new visit in the same tab and on Back, and never leaves the device', async ({
  page,
}) => {
  const values = enquiry(uniqueMarker('Draft revisit'));
  const leaks: string[] = [];
  page.on('request', (request) => {
    if (`${request.url()} ${request.postData() ?? ''}`.includes(values.message)) leaks.push(request.url());
  });
  await page.goto('/contact');
  await fillEnquiry(page, values);
  await expect.poll(() => savedDraft(page)).toContain(values.message);
  await page.goto('/about');
  await page.goto('/contact');
  await expectEnquiry(page, values);

  await page.goto('/services');
  await page.goBack();
  await expectEnquiry(page, values);
  expect(leaks, 'nothing typed is sent before the visitor presses Send').toEqual([]);
});

test('the spam trap is never saved nor restored', async ({ page }) => {
  const values = enquiry(uniqueMarker('Draft honeypot'));
  await page.goto('/contact');
  await fillEnquiry(page, { ...values, message: '' });
  // As a bot would: a value in the hidden trap, then a keystroke in a real field.
  await page.locator(`input[name="${honeypotField}"]`).evaluate((trap: HTMLInputElement) => {
    trap.value = 'bot text';
  });
  await page.getByLabel('Message').fill(values.message);

  await expect.poll(() => savedDraft(page)).toContain(values.message);
  expect(await savedDraft(page)).not.toContain('bot text');
  expect(Object.keys(JSON.parse((await savedDraft(page))!))).not.toContain(honeypotField);
  await page.reload();
  await expectEnquiry(page, values);
  await expect(page.locator(`input[name="${honeypotField}"]`)).toHaveValue('');
});

test('what the page shows before the form hydrates wins over the draft; the draft fills the rest', async ({
  page,
}) => {
  const saved = enquiry(uniqueMarker('Draft saved'));
  await page.goto('/contact');
  await fillEnquiry(page, saved);
  await expect.poll(() => savedDraft(page)).toContain(saved.message);

  // The island's code is held back, so the visitor types into the server's form before it runs.
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/_astro/ContactForm*.js', async (route) => {
    await held;
    await route.continue();
  });
  await page.reload();
  await expect(formIsland(page)).toHaveAttribute('ssr', '');
  const typedFirst = uniqueMarker('Typed before the script');
  await page.getByLabel('Message').fill(typedFirst);
  release();

  await expectHydrated(page);
  await expectEnquiry(page, { ...saved, message: typedFirst });
  await expect.poll(() => savedDraft(page)).toContain(typedFirst);
});

test('once the enquiry is received the draft is gone: a reload shows an empty form', async ({ page }) => {
  const values = enquiry(uniqueMarker('Draft sent'));
  await page.goto('/contact');
  await fillHydrated(page, values);
  await expect.poll(() => savedDraft(page)).toContain(values.message);
  await page.getByRole('button', { name: contact.form.submit }).click();

  await expect(successToast(page)).toBeVisible();
  expect(await savedDraft(page)).toBeNull();
  await expect.poll(async () => (await mailWith(values.message)).length).toBe(1);
  await page.reload();
  await page.getByLabel('Name').focus();
  await expectHydrated(page);
  await expectEnquiry(page, emptyEnquiry);
});
