/**
 * Sending without a connection (src/islands/contact/send-enquiry.ts, use-when-online.ts): the form
 * says so at once with its offline message, keeps everything typed and its draft, and sends the
 * enquiry by itself once the connection is back: one enquiry, one email, then the spec's success
 * state. The island's logic, the same at every width: phone size only.
 */
import { expect, test, type Page, type Request } from '@playwright/test';
import { submissionIdField } from '#src/lib/shared/submission.ts';
import {
  asOwnClient,
  endpoint,
  enquiry,
  errorToast,
  expectEnquiry,
  fillHydrated,
  mailWith,
  savedDraft,
  offlineToast,
  successText,
  successToast,
  takeOurTime,
  uniqueMarker,
} from '#support/contact.ts';
import { content } from '#support/content.ts';
import { expectNoAxeViolations } from '#support/axe.ts';

const contact = content.pages.contact;

/** Every enquiry the page sends to the function, as the submission ids they carry. */
function recordSends(page: Page): string[] {
  const ids: string[] = [];
  page.on('request', (request: Request) => {
    if (request.method() === 'POST' && new URL(request.url()).pathname.endsWith('/api/send-contact-email')) {
      ids.push(String(request.postDataJSON()?.[submissionIdField]));
    }
  });
  return ids;
}

async function expectSentOnce(page: Page, marker: string) {
  await expect(successToast(page)).toContainText(successText);
  await expect(page.getByRole('heading', { name: contact.sent.heading })).toBeVisible();
  await expect(offlineToast(page)).toHaveCount(0);
  await expect.poll(async () => (await mailWith(marker)).length).toBe(1);
  expect(await savedDraft(page)).toBeNull();
}

test.beforeEach(async ({ page }) => {
  await asOwnClient(page);
  await page.clock.install();
});

test('a send while offline says so at once, keeps everything, and goes by itself, once, when back online', async ({
  page,
  context,
}) => {
  const values = enquiry(uniqueMarker('Offline send'));
  const sends = recordSends(page);
  await page.goto('/contact');
  await fillHydrated(page, values);
  await context.setOffline(true);
  await page.getByRole('button', { name: contact.form.submit }).click();

  const notice = offlineToast(page);
  await expect(notice).toContainText(contact.toasts.offline.description);
  await expect(errorToast(page)).toHaveCount(0);
  await expectEnquiry(page, values);
  await expect(page.getByRole('button', { name: contact.form.submit })).toBeEnabled();
  expect(await savedDraft(page)).toContain(values.message);
  await expectNoAxeViolations(page, 'the offline message');
  // It waits as long as the connection is gone, past the five seconds other messages last.
  await takeOurTime(page);
  await expect(notice).toBeVisible();
  expect(sends, 'nothing is attempted while the browser knows it is offline').toEqual([]);
  expect(await mailWith(values.message)).toEqual([]);

  await context.setOffline(false);
  await expectSentOnce(page, values.message);
  expect(sends).toHaveLength(1);
});

test('a send whose answer is lost on the network is the offline state too, and its retry is the same enquiry', async ({
  page,
}) => {
  const values = enquiry(uniqueMarker('Answer lost'));
  const sends = recordSends(page);
  await page.goto('/contact');
  await fillHydrated(page, values);
  // The function receives and mails the enquiry, but its answer never reaches the phone, which
  // still believes it is online.
  await page.route(endpoint, async (route) => {
    await route.fetch();
    await route.abort('internetdisconnected');
  });
  await page.getByRole('button', { name: contact.form.submit }).click();
  await expect(offlineToast(page)).toBeVisible();
  await expect.poll(async () => (await mailWith(values.message)).length).toBe(1);
  await expectEnquiry(page, values);

  await page.unroute(endpoint);
  // No `online` event comes on a network that failed while "online": the form tries again by itself.
  await takeOurTime(page);
  await expectSentOnce(page, values.message);
  expect(sends).toHaveLength(2);
  expect(sends[0]).toMatch(/^[0-9a-f-]{36}$/);
  expect(sends[1], 'the retry carries the same submission id').toBe(sends[0]);
});

test('what the visitor changes while waiting is what goes when the connection returns', async ({
  page,
  context,
}) => {
  const values = enquiry(uniqueMarker('Offline edit'));
  const edited = `${values.message} and one more thing`;
  await page.goto('/contact');
  await fillHydrated(page, values);
  await context.setOffline(true);
  await page.getByRole('button', { name: contact.form.submit }).click();
  await expect(offlineToast(page)).toBeVisible();
  await page.getByLabel('Message').fill(edited);

  await context.setOffline(false);
  await expectSentOnce(page, edited);
});
