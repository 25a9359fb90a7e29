/**
 * The enquiry form's states once hydrated: idle → submitting → sent, or back to idle with every
 * value kept when sending fails, or offline with every value kept until the connection returns
 * and the form sends itself; where focus goes after each change; the submission id and
 * fill time each showing of the form sends; and its draft in the tab (form-draft.ts), kept from
 * the first keystroke until the enquiry is received.
 *
 * Each time the form is shown it gets a fresh submission id, so sending it twice (a double click,
 * a retry after a network error) is one enquiry; a restored draft keeps the id it was saved with,
 * so a resend after a reload is the same enquiry too. The fill time it sends is measured with
 * `performance.now()` alone. Without JavaScript neither is sent: the function then derives the id
 * from the content, and nothing is flagged as too fast.
 */
import { useEffect, useRef, useState, type InputEvent, type SubmitEvent } from 'react';
import type { EnquiryField } from '@/lib/shared/enquiry';
import { fillTimeField } from '@/lib/shared/spam-traps';
import type { Toast } from '../Toasts';
import { formDraft } from './form-draft';
import { sendEnquiry, type FieldErrors, type Outcome } from './send-enquiry';
import { useWhenOnline } from './use-when-online';

const draft = formDraft(() => sessionStorage);
const newSubmissionId = () => crypto.randomUUID?.() ?? '';

/** The message shown after each kind of outcome. */
type Messages = Record<Toast['kind'], Pick<Toast, 'title' | 'description'>>;
const toastKinds: Record<Outcome['kind'], Toast['kind']> = {
  sent: 'success',
  offline: 'offline',
  refused: 'error',
};

export function useEnquiryForm(action: string, messages: Messages) {
  const [status, setStatus] = useState<'idle' | 'submitting' | 'offline' | 'sent'>('idle');
  const [errors, setErrors] = useState<FieldErrors>({});
  const [toast, setToast] = useState<Toast>();
  const submissionIdRef = useRef<HTMLInputElement>(null);
  /**
   * `performance.now()` when the form was shown: the page's start the first time, less the time
   * spent on a restored draft before the reload.
   */
  const shownAt = useRef<number>(null);
  /** A form whose send failed: after the next render, focus goes to its first field in error. */
  const failedForm = useRef<HTMLFormElement>(null);
  /** The form waiting for the connection to come back. */
  const waitingForm = useRef<HTMLFormElement>(null);
  /** True while a request is out: a press and a retry at the same moment are still one request. */
  const sending = useRef(false);
  const showingForm = status !== 'sent';

  // Each showing of the form is one enquiry. The fill time counts from the page load the first time
  // (a visitor may autofill and send moments after hydration), from the form's return after that:
  // the visitor asked to send another, so focus goes to its first field. At hydration the form
  // adopts the tab's draft, with the draft's submission id and fill time, and keeps the result.
  useEffect(() => {
    const submissionId = submissionIdRef.current;
    const form = submissionId?.form;
    if (!submissionId || !form) return; // the sent panel is showing, not the form
    if (shownAt.current === null) {
      shownAt.current = -draft.restore(form);
      submissionId.value ||= newSubmissionId();
      draft.save(form, performance.now() - shownAt.current);
    } else {
      submissionId.value = newSubmissionId();
      shownAt.current = performance.now();
      form.querySelector<HTMLElement>('input, select, textarea')?.focus();
    }
  }, [showingForm]);

  useEffect(() => {
    const form = failedForm.current;
    if (!form) return;
    failedForm.current = null;
    const target =
      form.querySelector<HTMLElement>('[aria-invalid="true"]') ??
      // A disabled button loses focus; give it back so a keyboard user can simply try again.
      (document.activeElement === document.body ? form.querySelector<HTMLElement>('[type="submit"]') : null);
    target?.focus();
  });

  async function send(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    await deliver(event.currentTarget, 'pressed');
  }

  /**
   * One attempt to send the form. Pressed, it says how it went whatever happens; retried by itself
   * while offline, it stays quiet unless something changes (sent, or refused by the function).
   */
  async function deliver(form: HTMLFormElement, trigger: 'pressed' | 'retried') {
    if (sending.current) return;
    sending.current = true;
    setStatus('submitting');
    setErrors({});
    if (trigger === 'pressed') setToast(undefined);

    const fields = {
      ...Object.fromEntries(new FormData(form)),
      [fillTimeField]: String(Math.round(performance.now() - shownAt.current!)),
    };
    const outcome = await sendEnquiry(action, fields);
    sending.current = false;
    if (outcome.kind === 'sent') {
      draft.clear();
      form.reset();
      setStatus('sent');
    } else {
      if (trigger === 'pressed') failedForm.current = form;
      if (outcome.kind === 'refused') setErrors(outcome.fields);
      if (outcome.kind === 'offline') waitingForm.current = form;
      setStatus(outcome.kind === 'offline' ? 'offline' : 'idle');
    }
    if (outcome.kind === 'offline' && trigger === 'retried') return;
    const kind = toastKinds[outcome.kind];
    setToast({ id: Date.now(), kind, ...messages[kind] });
  }

  // Offline, the enquiry goes by itself once the connection is back, as one enquiry: the same form,
  // so the same submission id, with whatever the visitor has changed while waiting.
  useWhenOnline(status === 'offline', () => {
    if (waitingForm.current) void deliver(waitingForm.current, 'retried');
  });

  /** Keeps the draft, and clears a field's server error as soon as the visitor changes it. */
  function edited(event: InputEvent<HTMLFormElement>) {
    draft.save(event.currentTarget, performance.now() - shownAt.current!);
    const { name } = event.target as HTMLInputElement;
    if (name in errors) setErrors(({ [name as EnquiryField]: _, ...rest }) => rest);
  }

  // Named after the props they feed, so the island spreads them onto its parts.
  return {
    status,
    errors,
    toast,
    onDismiss: () => setToast(undefined),
    onSendAnother: () => setStatus('idle'),
    submissionIdRef,
    form: { onSubmit: send, onInput: edited },
  };
}
