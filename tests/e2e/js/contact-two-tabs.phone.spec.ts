/**
 * Two tabs with one submission id: a tab opened from another (a link opened in a new tab, a
 * duplicated tab) starts with a copy of its opener's sessionStorage, the form's draft and its
 * submission id included. Each tab's visitor then sends an enquiry of their own: both are told it
 * was sent, and both are mailed, neither taken for a re-post of the other. Phone size only: the
 * island's logic, the same at every width.
 */
import { expect, test } from '@playwright/test';
import { submissionIdField } from '#src/lib/shared/submission.ts';
import {
  asOwnClient,
  enquiry,
  expectHydrated,
  fillEnquiry,
  mailWith,
  successToast,
  takeOurTime,
  uniqueMarker,
} from '#support/contact.ts';
import { content } from '#support/content.ts';

const contact = content.pages.contact;

test('a tab opened from another, each sending its own enquiry, has both mailed', async ({ page }) => {
  await asOwnClient(page);
  await page.clock.install();
  const first = enquiry(`${uniqueMarker('First tab')}: a Shopify store for our ceramics.`);
  const second = enquiry(`${uniqueMarker('Second tab')}: copywriting for our product pages.`);
  await page.goto('/contact');
  await fillEnquiry(page, first);
  await expectHydrated(page);
  const submissionId = page.locator(`input[name="${submissionIdField}"]`);
  await expect(submissionId).not.toHaveValue('');

  const [opened] = await Promise.all([
    page.context().waitForEvent('page'),
    page.evaluate(() => void window.open(location.href)),
  ]);
  await asOwnClient(opened);
  await opened.waitForLoadState();
  // The copied draft comes back in the new tab with the same submission id.
  await expect(opened.getByLabel('Message')).toHaveValue(first.message);
  const copiedId = opened.locator(`input[name="${submissionIdField}"]`);
  await expect(copiedId).toHaveValue(await submissionId.inputValue());
  await fillEnquiry(opened, second);
  await takeOurTime(page);

  for (const tab of [page, opened]) {
    await tab.getByRole('button', { name: contact.form.submit }).click();
    await expect(successToast(tab)).toBeVisible();
  }
  for (const sent of [first, second]) {
    await expect.poll(async () => (await mailWith(sent.message)).length).toBe(1);
  }
});
