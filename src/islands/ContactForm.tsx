/**
 * The enquiry form. Its server HTML is a plain form that posts to the contact function, so it
 * works before (or without) any script. Once hydrated it sends the enquiry as JSON and stays on
 * the page: idle → submitting → sent, or back to idle with every value kept when sending fails.
 *
 * The fields are uncontrolled: React never writes their values, so whatever a visitor typed
 * before hydration stays, and the values are read from the form itself when it is sent. Checks
 * are the browser's own (`required`, `type="email"`, `maxlength`); anything subtler comes back
 * from the function as a 422 with a message per field, which keeps zod out of the browser.
 *
 * Each time the form is shown it gets a fresh submission id, so sending it twice (a double click,
 * a retry after a network error) is one enquiry; the fill time it sends is measured with
 * `performance.now()` alone. Without JavaScript neither is sent: the function then derives the id
 * from the content, and nothing is flagged as too fast.
 */
import { useEffect, useRef, useState, type ReactNode, type SubmitEvent } from 'react';
import type { CollectionEntry } from 'astro:content';
import { submissionIdField } from '@/lib/shared/submission';
import type { EnquiryField, budgetRanges, enquiryLimits, projectTypes } from '@/lib/shared/enquiry';
import { fillTimeField, honeypotField } from '@/lib/shared/spam-traps';
import { Toasts, type Toast } from './Toasts';
import { Icon } from './shared/Icon';

type ContactCopy = CollectionEntry<'contact'>['data'];

export interface ContactFormProps {
  /** The copy the form shows, from src/content/pages/contact.yaml. */
  copy: Pick<ContactCopy, 'form' | 'sent' | 'toasts'>;
  /** Where the enquiry is posted (the function's path). */
  action: string;
  /** The agency's address, filled into the error message. */
  email: string;
  bookingUrl: string;
  /** Read aloud after a link that opens a new tab. */
  newTabHint: string;
  projectTypes: typeof projectTypes;
  budgetRanges: typeof budgetRanges;
  limits: typeof enquiryLimits;
}

type Status = 'idle' | 'submitting' | 'sent';
type FieldErrors = Partial<Record<EnquiryField, string>>;

const fieldNames: readonly EnquiryField[] = [
  'name',
  'email',
  'company',
  'projectType',
  'budgetRange',
  'message',
];
const inputClass = 'mt-2 block w-full rounded-xl border bg-white px-4 py-3 text-base';

const fieldId = (name: EnquiryField) => `contact-${name}`;
const errorId = (name: EnquiryField) => `contact-${name}-error`;

export default function ContactForm(props: ContactFormProps) {
  const { copy, action, email, bookingUrl, newTabHint, limits } = props;
  const [status, setStatus] = useState<Status>('idle');
  const [errors, setErrors] = useState<FieldErrors>({});
  const [toast, setToast] = useState<Toast>();
  const formRef = useRef<HTMLFormElement>(null);
  const submissionIdRef = useRef<HTMLInputElement>(null);
  /** `performance.now()` when the form was shown: 0, the page's start, the first time. */
  const shownAt = useRef(0);
  const sentHeadingRef = useRef<HTMLHeadingElement>(null);
  /** Where focus goes after the next render (the sent panel, a field in error, the form again). */
  const focusNext = useRef<() => HTMLElement | null | undefined>(undefined);
  const formShownBefore = useRef(false);
  const showingForm = status !== 'sent';

  // Each showing of the form is one enquiry. The fill time counts from the page load the first time
  // (a visitor may autofill and send moments after hydration), from the form's return after that.
  useEffect(() => {
    if (!showingForm || !submissionIdRef.current) return;
    shownAt.current = formShownBefore.current ? performance.now() : 0;
    submissionIdRef.current.value = globalThis.crypto?.randomUUID?.() ?? '';
    formShownBefore.current = true;
  }, [showingForm]);

  useEffect(() => {
    const target = focusNext.current?.();
    focusNext.current = undefined;
    target?.focus();
  });

  const dismissToast = () => setToast(undefined);

  async function send(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    if (status === 'submitting') return;
    const form = event.currentTarget;
    setStatus('submitting');
    setErrors({});
    setToast(undefined);

    const fields = {
      ...Object.fromEntries(new FormData(form)),
      [fillTimeField]: String(Math.round(performance.now() - shownAt.current)),
    };
    const outcome = await post(action, fields);
    if (outcome.ok) {
      form.reset();
      focusNext.current = () => sentHeadingRef.current;
      setStatus('sent');
      setToast({ id: Date.now(), kind: 'success', ...copy.toasts.success });
      return;
    }
    focusNext.current = () =>
      form.querySelector<HTMLElement>('[aria-invalid="true"]') ??
      // A disabled button loses focus; give it back so a keyboard user can simply try again.
      (document.activeElement === document.body ? form.querySelector<HTMLElement>('[type="submit"]') : null);
    setErrors(outcome.fields);
    setStatus('idle');
    setToast({
      id: Date.now(),
      kind: 'error',
      title: copy.toasts.error.title,
      description: withEmailLink(copy.toasts.error.description, email),
    });
  }

  function sendAnother() {
    focusNext.current = () => formRef.current?.querySelector<HTMLElement>('input, select, textarea');
    setStatus('idle');
  }

  /** Clears a field's server error as soon as the visitor changes it. */
  function edited(name: string) {
    if (name in errors) setErrors(({ [name as EnquiryField]: _, ...rest }) => rest);
  }

  /** The attributes that tie a field to its error message. */
  const describedBy = (name: EnquiryField) =>
    errors[name] ? { 'aria-invalid': true, 'aria-describedby': errorId(name) } : {};
  const controlClass = (name: EnquiryField) =>
    `${inputClass} ${errors[name] ? 'border-red-700' : 'border-slate-400'}`;
  const fieldError = (name: EnquiryField) =>
    errors[name] && (
      <p id={errorId(name)} className="mt-2 text-sm font-semibold text-red-800">
        {errors[name]}
      </p>
    );
  const choices = (
    name: 'projectType' | 'budgetRange',
    options: readonly { value: string; label: string }[],
  ) => (
    <select id={fieldId(name)} name={name} className={controlClass(name)} {...describedBy(name)}>
      <option value="">{copy.form.choose}</option>
      {options.map((option) => (
        <option key={option.value} value={option.value}>
          {option.label}
        </option>
      ))}
    </select>
  );

  /** A field as the visitor meets it: its label, its control, then its error if it has one. */
  const field = (name: EnquiryField, control: ReactNode, optional = false) => (
    <div>
      <label htmlFor={fieldId(name)} className="block font-semibold">
        {copy.form[name]}
        {optional && <span className="font-normal text-muted"> {copy.form.optional}</span>}
      </label>
      {control}
      {fieldError(name)}
    </div>
  );

  const textField = (
    name: 'name' | 'email' | 'company',
    type: 'text' | 'email',
    autoComplete: string,
    optional = false,
  ) =>
    field(
      name,
      <input
        id={fieldId(name)}
        name={name}
        type={type}
        required={!optional}
        maxLength={limits[name]}
        autoComplete={autoComplete}
        className={controlClass(name)}
        {...describedBy(name)}
      />,
      optional,
    );

  return (
    <>
      {showingForm ? (
        <form
          ref={formRef}
          method="post"
          action={action}
          className="card space-y-6 p-6 md:p-8"
          data-contact-form
          onSubmit={send}
          onInput={(event) => edited((event.target as HTMLInputElement).name)}
        >
          <h2 className="text-2xl font-bold">{copy.form.heading}</h2>
          <div className="grid gap-6 sm:grid-cols-2">
            {textField('name', 'text', 'name')}
            {textField('email', 'email', 'email')}
          </div>
          {textField('company', 'text', 'organization', true)}
          <div className="grid gap-6 sm:grid-cols-2">
            {field('projectType', choices('projectType', props.projectTypes), true)}
            {field('budgetRange', choices('budgetRange', props.budgetRanges), true)}
          </div>
          {field(
            'message',
            <textarea
              id={fieldId('message')}
              name="message"
              required
              rows={6}
              maxLength={limits.message}
              className={controlClass('message')}
              {...describedBy('message')}
            />,
          )}
          {/* A field people never see nor reach, named so autofill leaves it alone: bots that fill it
              in are quietly ignored by the function. */}
          <div className="hidden" aria-hidden="true">
            <label htmlFor="contact-hp">Leave this empty</label>
            <input id="contact-hp" name={honeypotField} type="text" tabIndex={-1} autoComplete="off" />
          </div>
          {/* Empty in the server HTML: without JavaScript the function derives the id from the content. */}
          <input ref={submissionIdRef} type="hidden" name={submissionIdField} />
          <button
            type="submit"
            disabled={status === 'submitting'}
            className="btn-primary w-full disabled:opacity-75 sm:w-auto"
          >
            {status === 'submitting' ? copy.form.sending : copy.form.submit}
          </button>
        </form>
      ) : (
        <div className="card p-6 text-center md:p-8">
          <span className="mx-auto inline-flex size-14 items-center justify-center rounded-full bg-accent-soft text-accent">
            <Icon name="check" className="size-7" />
          </span>
          <h2 ref={sentHeadingRef} tabIndex={-1} className="heading-2 mt-4 focus:outline-none">
            {copy.sent.heading}
          </h2>
          <p className="mt-3 text-muted">{copy.sent.text}</p>
          <div className="mt-8 flex flex-wrap justify-center gap-4">
            <a
              href={bookingUrl}
              target="_blank"
              rel="noopener"
              data-booking="contact_success_message"
              className="btn-primary"
            >
              {copy.sent.bookLabel}
              <span className="sr-only">{newTabHint}</span>
            </a>
            <button type="button" className="btn-secondary" onClick={sendAnother}>
              {copy.sent.againLabel}
            </button>
          </div>
        </div>
      )}
      <Toasts toast={toast} dismissLabel={copy.toasts.dismiss} onDismiss={dismissToast} />
    </>
  );
}

type Outcome = { ok: true } | { ok: false; fields: FieldErrors };

async function post(action: string, fields: Record<string, FormDataEntryValue>): Promise<Outcome> {
  try {
    const response = await fetch(action, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
      body: JSON.stringify(fields),
    });
    if (response.ok) return { ok: true };
    console.error(`The enquiry was not sent: HTTP ${response.status}`);
    const body: unknown = response.status === 422 ? await response.json().catch(() => undefined) : undefined;
    return { ok: false, fields: fieldErrorsIn(body) };
  } catch (error) {
    console.error('The enquiry was not sent:', error);
    return { ok: false, fields: {} };
  }
}

/** The per-field messages of a 422 answer (`{ fields: { name: '…' } }`), for fields the form has. */
function fieldErrorsIn(body: unknown): FieldErrors {
  const fields = (body as { fields?: unknown } | undefined)?.fields;
  if (!fields || typeof fields !== 'object') return {};
  const errors: FieldErrors = {};
  for (const name of fieldNames) {
    const message = (fields as Record<string, unknown>)[name];
    if (typeof message === 'string' && message) errors[name] = message;
  }
  return errors;
}

/** The error text with `{email}` as a mailto link. */
function withEmailLink(text: string, email: string): ReactNode {
  if (!text.includes('{email}')) return text;
  const [before, after = ''] = text.split('{email}');
  return (
    <>
      {before}
      <a href={`mailto:${email}`} className="font-semibold underline">
        {email}
      </a>
      {after}
    </>
  );
}
