/**
 * What replaces the enquiry form once it is sent: a thank-you, the booking link, and a way back.
 * It appears only after a send, so its heading takes focus as it does: a screen reader announces
 * the panel, and a keyboard user carries on from there.
 */
import { Icon } from '../shared/Icon';
import type { ContactFormProps } from './props';

/** Focuses an element as it appears; one function for good, so React calls it only then. */
function takeFocus(element: HTMLElement | null) {
  element?.focus();
}

type SentPanelProps = Pick<ContactFormProps, 'copy' | 'bookingUrl' | 'newTabHint'> & {
  onSendAnother: () => void;
};

export function SentPanel({ copy: { sent }, bookingUrl, newTabHint, onSendAnother }: SentPanelProps) {
  return (
    <div className="card p-6 text-center md:p-8">
      <span className="mx-auto inline-flex size-14 items-center justify-center rounded-full bg-accent-soft text-accent">
        <Icon name="check" className="size-7" />
      </span>
      <h2 ref={takeFocus} tabIndex={-1} className="heading-2 mt-4 focus:outline-none">
        {sent.heading}
      </h2>
      <p className="mt-3 text-muted">{sent.text}</p>
      <div className="mt-8 flex flex-wrap justify-center gap-4">
        <a
          href={bookingUrl}
          target="_blank"
          rel="noopener"
          data-booking="contact_success_message"
          className="btn-primary"
        >
          {sent.bookLabel}
          <span className="sr-only">{newTabHint}</span>
        </a>
        <button type="button" className="btn-secondary" onClick={onSendAnother}>
          {sent.againLabel}
        </button>
      </div>
    </div>
  );
}
