/**
 * The contact form in WebKitGTK and Firefox ESR, at the phone size: without JavaScript a plain POST
 * that lands on the sent page, with it the island's own send and its success message; each
 * enquiry must reach the test mailbox. Filled as React sees typing (the value set through the
 * element's own setter, then an input or change event); sent after the shortest time a person
 * takes to fill the form, or the function would take it for a bot. Two enquiries per engine from
 * one address stay under the function's rate limit.
 */
import { expect, test } from '@playwright/test';
import { phoneSize, pollFor, type EnginePage } from '#support/engines/engine.ts';
import { forEachEngine, siteUrl } from '#support/engines/run.ts';
import { enquiry, mailWith, successText, uniqueMarker } from '#support/contact.ts';
import { content } from '#support/content.ts';
import { contactRoute } from '#src/lib/shared/routes.ts';

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
  const { x, y } = await page.evaluate<{ x: number; y: number }>(`() => {
    const button = document.querySelector('form button[type="submit"]');
    button.scrollIntoView({ block: 'center', behavior: 'instant' });
    const box = button.getBoundingClientRect();
    return { x: box.x + box.width / 2, y: box.y + box.height / 2 };
  }`);
  await page.pointer([{ type: 'move', x, y }, { type: 'down' }, { type: 'up' }]);
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
    await page.goto(siteUrl(contactRoute));
    // Focus inside the form asks for hydration; React then owns the fields.
    await page.evaluate(`() => document.querySelector('form [name="name"]').focus()`);
    const hydrated = `() => !document.querySelector('form').closest('astro-island').hasAttribute('ssr')`;
    expect(await pollFor(() => page.evaluate<boolean>(hydrated), Boolean)).toBe(true);
    await fill(page, { ...enquiry(marker) });
    await new Promise((resolve) => setTimeout(resolve, personsPace));
    await submit(page);
    const shown = await pollFor(
      () => page.evaluate<boolean>(`(text) => document.body.innerText.includes(text)`, successText),
      Boolean,
    );
    expect(shown, 'the success message').toBe(true);
    expect(await page.evaluate<string>('() => location.pathname')).toBe(contactRoute);
    expect(await mailed(marker)).toBe(1);
    expect(await page.problems()).toEqual([]);
  });
});
