// @vitest-environment jsdom
/**
 * What a screen reader says for each island, with Guidepup's virtual screen reader over the
 * island's real server HTML, hydrated as on the page: the phone menu's toggle and its state, the
 * FAQ questions as buttons with their state, the contact form's field errors and its result (live
 * regions). Expected words come from the content files. The floating booking button and the cookie
 * banner are Astro components, heard on the built pages: tests/e2e/js/floating-booking.spec.ts and
 * tests/e2e/js/analytics-consent.desktop.spec.ts.
 */
import { readFileSync } from 'node:fs';
import { act } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { parse } from 'yaml';
import ContactForm from '@/islands/ContactForm';
import FaqAccordion from '@/islands/FaqAccordion';
import PhoneMenu from '@/islands/PhoneMenu';
import { budgetRanges, enquiryLimits, enquirySchema, projectTypes } from '@/lib/shared/enquiry';
import { readAll, renderIsland, virtual } from '#support/screen-reader.ts';

const content = (file: string) => parse(readFileSync(`src/content/pages/${file}.yaml`, 'utf8'));
const layout = content('layout');
const contact = content('contact');
const bookingUrl = 'https://booking.example/agency/30min';

afterEach(async () => {
  await virtual.stop();
  vi.unstubAllGlobals();
  document.body.replaceChildren();
});

/** Presses the element the screen reader is on, and lets React render what follows. */
const press = () => act(async () => virtual.click());

describe('the phone menu', () => {
  it('announces its name and whether it is expanded, and its booking link opens a new tab', async () => {
    const container = await renderIsland(PhoneMenu, {
      pathname: '/',
      toggleLabel: layout.menuLabel,
      bookLabel: layout.bookLabel,
      bookingUrl,
      newTabHint: layout.newTabHint,
    });
    await virtual.start({ container });
    expect(await virtual.lastSpokenPhrase()).toBe(`button, ${layout.menuLabel}, 1 control, not expanded`);
    await press();
    await virtual.next();
    await virtual.previous();
    expect(await virtual.lastSpokenPhrase()).toBe(`button, ${layout.menuLabel}, 1 control, expanded`);
    await virtual.stop();

    const phrases = await readAll(container);
    expect(phrases).toContain(`navigation, ${layout.menuLabel}`);
    expect(phrases).toContain(`link, ${layout.bookLabel}${layout.newTabHint}`);
  });
});

describe('the FAQ', () => {
  it('announces each question as a button with its state, and the open answer as a region', async () => {
    const { items } = content('services').faq as { items: { question: string; answer: string }[] };
    const container = await renderIsland(FaqAccordion, { id: 'faq', items });
    const phrases = await readAll(container);
    for (const { question } of items) {
      expect(phrases).toContain(`heading, ${question}, level 3`);
      expect(phrases).toContain(`button, ${question}, 1 control, not expanded`);
    }

    await virtual.start({ container });
    await virtual.next();
    const [first] = items;
    expect(await virtual.lastSpokenPhrase()).toBe(`button, ${first!.question}, 1 control, not expanded`);
    await press();
    await virtual.next();
    await virtual.previous();
    expect(await virtual.lastSpokenPhrase()).toBe(`button, ${first!.question}, 1 control, expanded`);
    await virtual.next();
    await virtual.next();
    expect(await virtual.lastSpokenPhrase()).toBe(`region, ${first!.question}`);
    await virtual.next();
    await virtual.next();
    expect(await virtual.lastSpokenPhrase()).toBe(first!.answer);
  });
});

describe('the contact form', () => {
  const props = {
    copy: { form: contact.form, sent: contact.sent, toasts: contact.toasts },
    action: '/api/send-contact-email',
    email: 'hello@agency.example',
    bookingUrl,
    newTabHint: layout.newTabHint,
    projectTypes,
    budgetRanges,
    limits: enquiryLimits,
  };

  /** Answers the form as the function does: 422 with the schema's message for each bad field. */
  function answerLikeTheFunction() {
    vi.stubGlobal(
      'fetch',
      vi.fn(async (_url: string, init: RequestInit) => {
        const parsed = enquirySchema.safeParse(JSON.parse(String(init.body)));
        if (parsed.success) return new Response('{"ok":true}', { status: 200 });
        const fields: Record<string, string> = {};
        for (const issue of parsed.error.issues) fields[String(issue.path[0])] ??= issue.message;
        return new Response(JSON.stringify({ ok: false, fields }), { status: 422 });
      }),
    );
  }

  function type(container: Element, name: string, value: string) {
    const field = container.querySelector<HTMLInputElement | HTMLTextAreaElement>(`[name="${name}"]`)!;
    const setter = Object.getOwnPropertyDescriptor(Object.getPrototypeOf(field), 'value')!.set!;
    setter.call(field, value);
    field.dispatchEvent(new Event('input', { bubbles: true }));
  }

  const submit = (container: Element) =>
    act(async () => {
      container.querySelector('form')!.requestSubmit();
      await new Promise((done) => setTimeout(done, 20));
    });

  it('announces each field error with its field, the error toast, then the sent result', async () => {
    answerLikeTheFunction();
    const container = await renderIsland(ContactForm, props);
    await virtual.start({ container: document.body });
    type(container, 'name', '   ');
    type(container, 'email', 'jo@example');
    type(container, 'message', 'We would like a new Shopify theme for our shop, please.');
    await submit(container);

    const nameError = enquirySchema.shape.name.safeParse('   ').error!.issues[0]!.message;
    const emailError = enquirySchema.shape.email.safeParse('jo@example').error!.issues[0]!.message;
    const spoken = (await virtual.spokenPhraseLog()).join('\n');
    // The toast's alert is read out as it appears, without moving the reading position.
    expect(spoken).toContain(contact.toasts.error.title);
    await virtual.stop();

    const phrases = (await readAll(container)).join('\n');
    expect(phrases).toMatch(new RegExp(`textbox, ${contact.form.name}.*${escape(nameError)}.*invalid`));
    expect(phrases).toMatch(new RegExp(`textbox, ${contact.form.email}.*${escape(emailError)}.*invalid`));

    await virtual.start({ container: document.body });
    type(container, 'name', 'Jo Bloggs');
    type(container, 'email', 'jo@example.co.uk');
    await submit(container);
    const result = (await virtual.spokenPhraseLog()).join('\n');
    expect(result).toContain(contact.toasts.success.title);
  });
});

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
