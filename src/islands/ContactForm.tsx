/**
 * The enquiry form. Its server HTML is a plain form that posts to the contact function, so it
 * works before (or without) any script. Once hydrated it sends the enquiry as JSON and stays on
 * the page (`useEnquiryForm`), and shows the sent panel or an error message with the agency's
 * address. Anything subtler than the browser's own checks comes back from the function as a 422
 * with a message per field, which keeps zod out of the browser.
 */
import type { ReactNode } from 'react';
import { submissionIdField } from '@/lib/shared/submission';
import { splitAtPlaceholder } from '@/lib/shared/placeholders';
import { honeypotField } from '@/lib/shared/spam-traps';
import { Toasts } from './Toasts';
import { EnquiryFields } from './contact/EnquiryFields';
import { SentPanel } from './contact/SentPanel';
import { useEnquiryForm } from './contact/use-enquiry-form';
import type { ContactFormProps } from './contact/props';

export default function ContactForm(props: ContactFormProps) {
  const { copy, action } = props;
  const { error } = copy.toasts;
  const form = useEnquiryForm(action, {
    ...copy.toasts,
    error: { ...error, description: withEmailLink(error.description, props.email) },
  });
  const submitting = form.status === 'submitting';

  return (
    <>
      {form.status === 'sent' ? (
        <SentPanel {...props} {...form} />
      ) : (
        <form
          {...form.form}
          method="post"
          action={action}
          className="card space-y-6 p-6 md:p-8"
          data-contact-form
        >
          <h2 className="text-2xl font-bold">{copy.form.heading}</h2>
          <EnquiryFields {...props} {...form} />
          {/* A field people never see nor reach, named so autofill leaves it alone: bots that fill it
              in are quietly ignored by the function. */}
          <div className="hidden" aria-hidden="true">
            <label htmlFor="contact-hp">Leave this empty</label>
            <input id="contact-hp" name={honeypotField} type="text" tabIndex={-1} autoComplete="off" />
          </div>
          {/* Empty in the server HTML: without JavaScript the function derives the id from the content. */}
          <input ref={form.submissionIdRef} type="hidden" name={submissionIdField} />
          <button
            type="submit"
            disabled={submitting}
            className="btn-primary w-full disabled:opacity-75 sm:w-auto"
          >
            {submitting ? copy.form.sending : copy.form.submit}
          </button>
        </form>
      )}
      <Toasts {...form} dismissLabel={copy.toasts.dismiss} />
    </>
  );
}

/** The error text with `{email}` as a mailto link. */
function withEmailLink(text: string, email: string): ReactNode {
  const [before, after] = splitAtPlaceholder(text, 'email');
  if (after === undefined) return text;
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
