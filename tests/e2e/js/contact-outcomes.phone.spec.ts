/**
 * What the contact form shows for each of the function's answers (a refusal kept in the store, a
 * failure keeping every value, a fast send flagged, the toast's timer; no answer at all is
 * contact-offline.phone.spec.ts): the island's logic, the same at every width, so it runs at phone
 * size only. The form's states that can lay out differently (sending, field errors, the keyboard)
 * are contact.spec.ts, at both sizes.
 */
import { expect, test } from '@playwright/test';
import { site } from '#support/site.ts';
import {
  asOwnClientOnOurClock,
  enquiry,
  errorText,
  errorToast,
  expectEnquiry,
  expectHydratedWithClockPaused,
  failMarker,
  fillEnquiry,
  fillHydrated,
  mailWith,
  neitherStoredNorSent,
  successText,
  successToast,
  takeOurTime,
  uniqueMarker,
} from '#support/contact.ts';
import { content } from '#support/content.ts';

const contact = content.pages.contact;

test.beforeEach(async ({ page }) => {
  await asOwnClientOnOurClock(page);
});

test('a send the mail server refuses is still answered as received: the enquiry waits in the store', async ({
  page,
}) => {
  const marker = uniqueMarker('JS refused');
  await page.goto('/contact');
  await fillHydrated(page, enquiry(`${marker} ${failMarker}`));
  await page.getByRole('button', { name: contact.form.submit }).click();

  await expect(successToast(page)).toContainText(successText);
  await expect(page.getByRole('heading', { name: contact.sent.heading })).toBeFocused();
  expect(await mailWith(marker)).toEqual([]);
});

test('an enquiry that could be neither stored nor sent keeps every value and shows the destructive toast', async ({
  page,
}) => {
  const values = enquiry(uniqueMarker('JS failure'));
  await page.goto('/contact');
  await fillHydrated(page, values);
  await neitherStoredNorSent(page);
  await page.getByRole('button', { name: contact.form.submit }).click();

  const toast = errorToast(page);
  await expect(toast).toContainText(errorText);
  await expect(toast.getByRole('link', { name: site.email })).toHaveAttribute('href', `mailto:${site.email}`);
  await expectEnquiry(page, values);
  await expect(page.getByRole('button', { name: contact.form.submit })).toBeEnabled();
  await expect(page.getByRole('heading', { name: contact.sent.heading })).toHaveCount(0);

  await toast.getByRole('button', { name: contact.toasts.dismiss }).click();
  await expect(errorToast(page)).toHaveCount(0);
  await expectEnquiry(page, values);
});

test('an enquiry sent within seconds of the page load is delivered, flagged as possible spam', async ({
  page,
}) => {
  const marker = uniqueMarker('JS fast');
  await page.goto('/contact');
  // Time stands still: to the page, the form is sent a moment after it loaded.
  await page.clock.pauseAt(new Date(Date.now() + 1000));
  await fillEnquiry(page, enquiry(marker));
  await expectHydratedWithClockPaused(page);
  await page.getByRole('button', { name: contact.form.submit }).click();

  await expect(page.getByRole('heading', { name: contact.sent.heading })).toBeVisible();
  await expect.poll(async () => (await mailWith(marker)).length).toBe(1);
  expect((await mailWith(marker))[0]?.subject).toMatch(/^\[Possible spam\] New enquiry/);
});

test('a message closes itself after about five seconds', async ({ page }) => {
  await page.goto('/contact');
  // From here on the page's timers run only when the test moves its clock.
  await page.clock.pauseAt(new Date(Date.now() + 1000));
  await fillEnquiry(page, enquiry(uniqueMarker('Toast timing')));
  await expectHydratedWithClockPaused(page);
  await takeOurTime(page);
  await neitherStoredNorSent(page);
  await page.getByRole('button', { name: contact.form.submit }).click();
  await expect(errorToast(page)).toBeVisible();
  await page.mouse.move(0, 0);

  await page.clock.runFor(4000);
  await expect(errorToast(page)).toBeVisible();
  await page.clock.runFor(1500);
  await expect(errorToast(page)).toHaveCount(0);
});
