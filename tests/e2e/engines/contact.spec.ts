/**
 * The contact form in WebKitGTK and Firefox ESR, at the phone size: without JavaScript a plain POST
 * that lands on the sent page, with it the island's own send and its success message; each
 * enquiry must reach the test mailbox. Filled as React sees typing (the value set through the
 * element's own setter, then an input or change event); sent after the shortest time a person
 * takes to fill the form, or the function would take it for a bot. Two enquiries per engine from
 * one address stay under the function's rate limit. The send without a connection goes through
 * a proxy that drops the function's requests (cutoff-proxy.ts): WebDriver cannot take WebKitGTK
 * offline, and a phone's lost connection fails the same way.
 */
import { expect, test } from '@playwright/test';
import { phoneSize, pollFor, settledAt, type EnginePage } from '#support/engines/engine.ts';
import { forEachEngine, siteUrl } from '#support/engines/run.ts';
import { enquiry, mailWith, successText, uniqueMarker } from '#support/contact.ts';
import { content } from '#support/content.ts';
import { cutoffProxy } from '#support/engines/cutoff-proxy.ts';
import { contactRoute } from '#src/lib/shared/routes.ts';
import { contactEndpoint } from '#src/lib/shared/paths.ts';
import { enquiryDraftKey } from '#src/lib/shared/enquiry-draft.ts';

const contact = content.pages.contact;
/** More than the shortest fill time the function accepts (src/lib/shared/spam-traps.ts). */
const personsPace = 3_500;

function fill(page: EnginePage, values: Record<string, string>) {
  return page.evaluate(
    `(values) => {
      for (const [name, value] of Object.entries(values)) {
        const field = document.querySelector('form [name="' + name + '"]');
        const setter = Object.getOwnPropertyDescriptor(Object.getPrototypeOf(field), 'value').set;
        setter.call(field, value);
        field.dispatchEvent(new Event(field.localName === 'select' ? 'change' : 'input', { bubbles: true }));
      }
    }`,
    values,
  );
}

async function submit(page: EnginePage) {
  const { x, y } = await settledAt(() =>
    page.evaluate<{ x: number; y: number }>(`() => {
      const button = document.querySelector('form button[type="submit"]');
      button.scrollIntoView({ block: 'center', behavior: 'instant' });
      const box = button.getBoundingClientRect();
      return { x: box.x + box.width / 2, y: box.y + box.height / 2 };
    }`),
  );
  await page.pointer([{ type: 'move', x, y }, { type: 'down' }, { type: 'up' }]);
}

/** Whether the page's text shows `text`. */
const shows = (page: EnginePage, text: string) =>
  pollFor(() => page.evaluate<boolean>(`(text) => document.body.innerText.includes(text)`, text), Boolean);

/** Opens the form at `url` and focuses a field, which hydrates it; resolves once React has it. */
async function hydratedForm(page: EnginePage, url: string) {
  await page.goto(url);
  await page.evaluate(`() => document.querySelector('form [name="name"]').focus()`);
  const hydrated = `() => !document.querySelector('form').closest('astro-island').hasAttribute('ssr')`;
  expect(await pollFor(() => page.evaluate<boolean>(hydrated), Boolean)).toBe(true);
}

const mailed = (marker: string) =>
  pollFor(
    async () => (await mailWith(marker)).length,
    (count) => count > 0,
  );

forEachEngine((engine, open) => {
  test('without JavaScript an enquiry is sent and the visitor lands on the sent page', async () => {
    test.setTimeout(60_000);
    const page = await open({ ...phoneSize, javaScript: false });
    const marker = uniqueMarker(`${engine.name} no-JS enquiry`);
    await page.goto(siteUrl(contactRoute));
    await fill(page, { ...enquiry(marker) });
    await new Promise((resolve) => setTimeout(resolve, personsPace));
    await submit(page);
    const heading = await pollFor(
      () => page.evaluate<string>(`() => document.querySelector('h1')?.textContent.trim() ?? ''`),
      (text) => text === contact.sent.heading,
    );
    expect(heading).toBe(contact.sent.heading);
    expect(await mailed(marker)).toBe(1);
  });

  test('with JavaScript an enquiry is sent by the island and its success shows', async () => {
    test.setTimeout(60_000);
    const page = await open({ ...phoneSize, javaScript: true });
    const marker = uniqueMarker(`${engine.name} enquiry`);
    // Focus inside the form asks for hydration; React then owns the fields.
    await hydratedForm(page, siteUrl(contactRoute));
    await fill(page, { ...enquiry(marker) });
    await new Promise((resolve) => setTimeout(resolve, personsPace));
    await submit(page);
    expect(await shows(page, successText), 'the success message').toBe(true);
    expect(await page.evaluate<string>('() => location.pathname')).toBe(contactRoute);
    expect(await mailed(marker)).toBe(1);
    expect(await page.problems()).toEqual([]);
  });

  test('a send without a connection says so, keeps everything, and goes once the connection is back', async () => {
    test.setTimeout(90_000);
    const proxy = await cutoffProxy(new URL(siteUrl('/')), contactEndpoint);
    try {
      const page = await open({ ...phoneSize, javaScript: true });
      const values = enquiry(uniqueMarker(`${engine.name} offline enquiry`));
      const fields = `() => Object.fromEntries(new FormData(document.querySelector('form')))`;
      const draft = `(key) => sessionStorage.getItem(key)`;
      await hydratedForm(page, proxy.url(contactRoute));
      await fill(page, { ...values });
      await new Promise((resolve) => setTimeout(resolve, personsPace));
      proxy.cut(true);
      await submit(page);
      expect(await shows(page, contact.toasts.offline.description), 'the offline message').toBe(true);
      expect(await page.evaluate(fields)).toMatchObject({ ...values });
      expect(await page.evaluate<string | null>(draft, enquiryDraftKey)).toContain(values.message);
      expect(await mailWith(values.message)).toEqual([]);

      proxy.cut(false);
      // What the browser does when the connection comes back (the form also tries again by itself
      // every few seconds, for a network that fails while the browser says it is online).
      await page.evaluate(`() => dispatchEvent(new Event('online'))`);
      expect(await shows(page, successText), 'the success message').toBe(true);
      expect(await mailed(values.message)).toBe(1);
      expect(await page.evaluate(draft, enquiryDraftKey)).toBeNull();
      // The one console error expected: the form's own note that the send found no connection.
      const problems = await page.problems();
      expect(problems.filter((problem) => !problem.includes('no connection'))).toEqual([]);
    } finally {
      await proxy.close();
    }
  });
});
