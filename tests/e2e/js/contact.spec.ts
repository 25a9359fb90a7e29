import { expect, test, type Page } from '@playwright/test';
import { site } from '#support/site.ts';
import { expectNoAxeViolations } from '#support/axe.ts';
import { expectOpenStateWcag } from '#support/wcag/beyond-axe.ts';
import {
  asOwnClientOnOurClock,
  emptyEnquiry,
  endpoint,
  enquiry,
  errorText,
  errorToast,
  expectEnquiry,
  expectHydrated,
  expectQuietHoneypot,
  fillHydrated,
  formIsland,
  mailWith,
  successText,
  successToast,
  takeOurTime,
  uniqueMarker,
  type Enquiry,
} from '#support/contact.ts';
import { content } from '#support/content.ts';

const contact = content.pages.contact;

/** Holds the next enquiry on its way to the server until `release` is called. */
async function holdEnquiry(page: Page): Promise<{ release: () => void }> {
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(endpoint, async (route) => {
    await held;
    await route.continue();
  });
  return { release };
}

test.beforeEach(async ({ page }) => {
  await asOwnClientOnOurClock(page);
});

test('the page fetches no script on load; the form hydrates on first interaction', async ({ page }) => {
  const scripts: string[] = [];
  page.on('request', (request) => {
    if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname);
  });
  await page.goto('/contact', { waitUntil: 'load' });
  expect(scripts).toEqual([]);
  await expect(formIsland(page)).toHaveAttribute('ssr', '');
  const submissionId = page.locator('input[name="submissionId"]');
  await expect(submissionId).toHaveValue('');
  await expectQuietHoneypot(page);

  await page.getByLabel('Name').focus();
  await expectHydrated(page);
  expect(scripts.length).toBeGreaterThan(0);
  for (const path of scripts) expect(path).toMatch(/^\/_astro\/[\w.-]+\.js$/);
  // Hydrated, the form is one enquiry however often it is sent.
  await expect(submissionId).toHaveValue(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/);
  await expectQuietHoneypot(page);
});

test('sending: "Sending..." and disabled, then the success toast, the sent panel and an empty form again', async ({
  page,
}) => {
  const marker = uniqueMarker('JS enquiry');
  await page.goto('/contact');
  await fillHydrated(page, enquiry(marker));
  const { release } = await holdEnquiry(page);

  await page.getByRole('button', { name: contact.form.submit }).click();
  const sending = page.getByRole('button', { name: contact.form.sending });
  await expect(sending).toBeDisabled();
  release();

  await expect(successToast(page)).toContainText(successText);
  const panel = page.getByRole('heading', { name: contact.sent.heading });
  await expect(panel).toBeFocused();
  await expect(page.locator('form[data-contact-form]')).toHaveCount(0);
  const book = page.getByRole('link', { name: contact.sent.bookLabel });
  await expect(book).toHaveAttribute('href', site.bookingUrl);
  await expect(book).toHaveAttribute('target', '_blank');
  await expect(book).toHaveAttribute('rel', /\bnoopener\b/);
  await expect(book).toHaveAttribute('data-booking', 'contact_success_message');

  await expect.poll(async () => (await mailWith(marker)).length).toBe(1);
  const [mail] = await mailWith(marker);
  expect(mail?.replyTo?.value).toEqual([{ name: 'Jo Bloggs', address: 'jo@example.co.uk' }]);
  expect(mail?.text).toContain('Bloggs Ltd');

  await successToast(page).getByRole('button', { name: contact.toasts.dismiss }).click();
  await expect(successToast(page)).toHaveCount(0);

  await page.getByRole('button', { name: contact.sent.againLabel }).click();
  await expectEnquiry(page, emptyEnquiry);
  await expect(page.getByLabel('Name')).toBeFocused();
  await expect(page.getByRole('button', { name: contact.form.submit })).toBeEnabled();
});

test("the server's field errors show beside their fields and are announced", async ({ page }) => {
  // Both pass the browser's own checks; the function's stricter ones refuse them with a 422.
  const values = { ...enquiry(uniqueMarker('JS field errors')), name: '   ', email: 'jo@example' };
  await page.goto('/contact');
  await fillHydrated(page, values);
  await page.getByRole('button', { name: contact.form.submit }).click();

  const name = page.getByLabel('Name');
  const email = page.getByLabel('Email');
  await expect(name).toHaveAttribute('aria-invalid', 'true');
  await expect(name).toHaveAccessibleDescription('Please enter your name.');
  await expect(email).toHaveAttribute('aria-invalid', 'true');
  await expect(email).toHaveAccessibleDescription(
    'Please enter a valid email address, like name@company.co.uk.',
  );
  await expect(page.getByLabel('Message')).not.toHaveAttribute('aria-invalid');
  // Focus moves to the first field in error, so a screen reader reads its label and its error.
  await expect(name).toBeFocused();
  await expect(errorToast(page)).toContainText(errorText);
  await expectEnquiry(page, values);
  // The form showing its errors and the toast: axe, and what axe cannot see (focus stays put).
  await expectNoAxeViolations(page, 'the form showing errors');
  await expectOpenStateWcag(page, 'the form showing errors');
  await expect(name).toBeFocused();

  await name.fill('Jo Bloggs');
  await expect(name).not.toHaveAttribute('aria-invalid');
  await expect(name).toHaveAccessibleDescription('');
  await expect(email).toHaveAttribute('aria-invalid', 'true');
});

test('a visitor can complete and send the form with the keyboard alone', async ({ page }) => {
  const marker = uniqueMarker('Keyboard enquiry');
  await page.goto('/contact');
  const name = page.getByLabel('Name');
  for (
    let presses = 0;
    presses < 60 && !(await name.evaluate((el) => el === document.activeElement));
    presses++
  ) {
    await page.keyboard.press('Tab');
  }
  await expect(name).toBeFocused();

  await page.keyboard.type('Kay Board');
  await page.keyboard.press('Tab');
  await page.keyboard.type('kay@example.co.uk');
  await page.keyboard.press('Tab');
  await page.keyboard.type('Keys Ltd');
  await page.keyboard.press('Tab');
  await expect(page.getByLabel(contact.form.projectType)).toBeFocused();
  await page.keyboard.type('Shopify');
  await page.keyboard.press('Tab');
  await expect(page.getByLabel(contact.form.budgetRange)).toBeFocused();
  await page.keyboard.type('Not');
  await page.keyboard.press('Tab');
  await page.keyboard.type(marker);
  await page.keyboard.press('Tab');
  await expectEnquiry(page, {
    name: 'Kay Board',
    email: 'kay@example.co.uk',
    company: 'Keys Ltd',
    projectType: 'shopify',
    budgetRange: 'not-sure',
    message: marker,
  });
  await expect(page.getByRole('button', { name: contact.form.submit })).toBeFocused();
  await takeOurTime(page);
  await page.keyboard.press('Enter');

  await expect(page.getByRole('heading', { name: contact.sent.heading })).toBeFocused();
  await expect(successToast(page)).toBeVisible();
  await expect.poll(async () => (await mailWith(marker)).length).toBe(1);
  const [mail] = await mailWith(marker);
  expect(mail?.text).toContain('Shopify Build');
  expect(mail?.text).toContain('Not sure yet');

  await page.keyboard.press('Tab');
  await expect(page.getByRole('link', { name: contact.sent.bookLabel })).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(page.getByRole('button', { name: contact.sent.againLabel })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page.getByLabel('Name')).toBeFocused();
  await expectEnquiry(page, emptyEnquiry);
});

test('hydrating does not wipe what the visitor typed before it', async ({ page }) => {
  const marker = uniqueMarker('Typed before hydration');
  const values: Enquiry = {
    name: 'Early Bird',
    email: 'early@example.co.uk',
    company: 'Dawn Chorus Ltd',
    projectType: 'content',
    budgetRange: '5k-10k',
    message: `${marker}\nTyped while the page was still plain HTML.`,
  };
  await page.goto('/contact');
  await expect(formIsland(page)).toHaveAttribute('ssr', '');
  // Set the values the way typing does, without the events that would hydrate the island.
  await page.locator('form[data-contact-form]').evaluate((form: HTMLFormElement, entries) => {
    for (const [field, value] of Object.entries(entries)) {
      (form.elements.namedItem(field) as HTMLInputElement).value = value;
    }
  }, values);
  await expect(formIsland(page)).toHaveAttribute('ssr', '');

  await page.getByLabel('Message').click();
  await expectHydrated(page);
  await expectEnquiry(page, values);

  await takeOurTime(page);
  await page.getByRole('button', { name: contact.form.submit }).click();
  await expect(page.getByRole('heading', { name: contact.sent.heading })).toBeVisible();
  await expect.poll(async () => (await mailWith(marker)).length).toBe(1);
  const [mail] = await mailWith(marker);
  expect(mail?.replyTo?.value).toEqual([{ name: 'Early Bird', address: 'early@example.co.uk' }]);
  expect(mail?.text).toContain('Dawn Chorus Ltd');
  expect(mail?.text).toContain('Content Strategy');
});
