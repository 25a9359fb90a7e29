/** What the contact form tests share: a visitor, filling the form, and telling islands apart. */
import { randomInt } from 'node:crypto';
import { expect, type Page } from '@playwright/test';
import { mailbox } from '../../playwright.config.ts';
import { mailContaining } from './mailbox.ts';
import { content } from './content.ts';
import { fillPlaceholders } from '#src/lib/shared/placeholders.ts';
import { site } from '#src/site.config.ts';
import { enquiryDraftKey } from '#src/lib/shared/enquiry-draft.ts';

const contact = content.pages.contact;

export { failMarker } from './mailbox.ts';

/** The field labels and what a visitor fills in (`select` values are option values). */
export interface Enquiry {
  name: string;
  email: string;
  company: string;
  projectType: string;
  budgetRange: string;
  message: string;
}

/** The form as it first shows: every field empty, every menu on its first choice. */
export const emptyEnquiry: Enquiry = {
  name: '',
  email: '',
  company: '',
  projectType: '',
  budgetRange: '',
  message: '',
};

export function enquiry(message: string): Enquiry {
  return {
    name: 'Jo Bloggs',
    email: 'jo@example.co.uk',
    company: 'Bloggs Ltd',
    projectType: 'shopify',
    budgetRange: '1k-5k',
    message,
  };
}

/** A marker unique to this test run, to find its email among all the others. */
export function uniqueMarker(label: string): string {
  return `${label} ${Date.now().toString(36)}-${randomInt(1e9).toString(36)}`;
}

/**
 * Makes the page its own client for the function's rate limit (5 per IP per 10 minutes): the
 * test server trusts X-Forwarded-For, and every test sends from a random address.
 */
export async function asOwnClient(page: Page): Promise<void> {
  const ip = `10.${randomInt(256)}.${randomInt(256)}.${randomInt(1, 255)}`;
  await page.setExtraHTTPHeaders({ 'X-Forwarded-For': ip });
}

/** Its own client, as `asOwnClient`, on a clock the test drives: it can let a minute pass (`takeOurTime`) or stop time. */
export async function asOwnClientOnOurClock(page: Page): Promise<void> {
  await asOwnClient(page);
  await page.clock.install();
}

export async function fillEnquiry(page: Page, values: Enquiry): Promise<void> {
  await page.getByLabel('Name').fill(values.name);
  await page.getByLabel('Email').fill(values.email);
  await page.getByLabel('Company').fill(values.company);
  await page.getByLabel(contact.form.projectType).selectOption(values.projectType);
  await page.getByLabel(contact.form.budgetRange).selectOption(values.budgetRange);
  await page.getByLabel('Message').fill(values.message);
}

export async function expectEnquiry(page: Page, values: Enquiry): Promise<void> {
  await expect(page.getByLabel('Name')).toHaveValue(values.name);
  await expect(page.getByLabel('Email')).toHaveValue(values.email);
  await expect(page.getByLabel('Company')).toHaveValue(values.company);
  await expect(page.getByLabel(contact.form.projectType)).toHaveValue(values.projectType);
  await expect(page.getByLabel(contact.form.budgetRange)).toHaveValue(values.budgetRange);
  await expect(page.getByLabel('Message')).toHaveValue(values.message);
}

/** The form's draft as the tab keeps it (src/lib/shared/enquiry-draft.ts), or null. */
export const savedDraft = (page: Page) =>
  page.evaluate((key) => sessionStorage.getItem(key), enquiryDraftKey);

/** The saved emails containing `text`, parsed (see mailbox.ts). */
export const mailWith = (text: string) => mailContaining(mailbox, text);

/** The form's island: it keeps Astro's `ssr` attribute until it has hydrated. */
export const formIsland = (page: Page) => page.locator('astro-island:has([data-contact-form])');

export async function expectHydrated(page: Page): Promise<void> {
  await expect(formIsland(page)).not.toHaveAttribute('ssr');
}

/**
 * On a page whose clock the test has paused: the hydration a touch asked for starts after the next
 * frame (src/lib/browser/on-interaction.ts), which a paused clock never draws, so the clock moves
 * on by a few frames' time.
 */
export async function expectHydratedWithClockPaused(page: Page): Promise<void> {
  await page.clock.runFor(100);
  await expectHydrated(page);
}

/**
 * The function flags enquiries sent within seconds of the form appearing (a bot's speed). A test
 * fills the form in far less, so it moves the page's clock (installed with `page.clock.install()`
 * before the page loads) on by a minute, as a person's would be.
 */
export async function takeOurTime(page: Page): Promise<void> {
  await page.clock.fastForward(60_000);
}

/** The function's own answer when an enquiry could be neither stored nor sent. */
export async function neitherStoredNorSent(page: Page): Promise<void> {
  await page.route(endpoint, (route) =>
    route.request().headers()['content-type']?.startsWith('application/json')
      ? route.fulfill({ status: 502, json: { ok: false, error: 'send_failed', message: 'Sorry.' } })
      : route.fulfill({ status: 303, headers: { Location: '/contact/error' } }),
  );
}

/** Hidden, outside the tab order and named so no autofill fills it. */
export async function expectQuietHoneypot(page: Page): Promise<void> {
  const honeypot = page.locator('input[name="hp_leave_blank"]');
  await expect(honeypot).toHaveAttribute('autocomplete', 'off');
  await expect(honeypot).toHaveAttribute('tabindex', '-1');
  await expect(honeypot).toBeHidden();
  await expect(page.locator('div[aria-hidden="true"]:has(input[name="hp_leave_blank"])')).toHaveCount(1);
}

/** The island's failure message, as the content words it, naming the agency's address. */
export const errorText = fillPlaceholders(contact.toasts.error.description, { email: site.email });
export const successText = contact.toasts.success.description;
/** The function's address, as a route pattern. */
export const endpoint = '**/api/send-contact-email';

export const successToast = (page: Page) =>
  page.getByRole('status').filter({ hasText: contact.toasts.success.title });
export const errorToast = (page: Page) =>
  page.getByRole('alert').filter({ hasText: contact.toasts.error.title });
/** The message of a send waiting for the connection (polite: nothing is lost, nothing to do). */
export const offlineToast = (page: Page) =>
  page.getByRole('status').filter({ hasText: contact.toasts.offline.title });

/** Fills the form (which hydrates it) and makes it look filled in at a person's pace. */
export async function fillHydrated(page: Page, values: Enquiry): Promise<void> {
  await fillEnquiry(page, values);
  await expectHydrated(page);
  await takeOurTime(page);
}
