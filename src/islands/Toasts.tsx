/**
 * Short messages after a send. Both live regions are in the server HTML from the start, empty,
 * so a screen reader is already listening when a message appears: `role="status"` (polite) for
 * success and for a send waiting on the connection, `role="alert"` (assertive) for an error. A
 * message closes itself after about five seconds, waits while the pointer or focus is on it, and
 * can be dismissed with its button. The offline one stays until the enquiry goes or is dismissed:
 * it describes a state that lasts, and nothing else on screen says the form is waiting.
 */
import { useEffect, useState, type ReactNode } from 'react';
import { Icon } from './shared/Icon';

export interface Toast {
  /** A new id shows the message afresh, even with the same text. */
  id: number;
  kind: 'success' | 'offline' | 'error';
  title: string;
  description: ReactNode;
}

const toastDurationMs = 5000;

interface ToastsProps {
  toast: Toast | undefined;
  dismissLabel: string;
  onDismiss: () => void;
}

export function Toasts({ toast, dismissLabel, onDismiss }: ToastsProps) {
  const card = toast && (
    <ToastCard key={toast.id} toast={toast} dismissLabel={dismissLabel} onDismiss={onDismiss} />
  );
  return (
    <div className="pointer-events-none fixed inset-x-4 bottom-4 z-50 sm:left-auto sm:w-full sm:max-w-sm">
      <div role="status" aria-atomic="true">
        {toast?.kind !== 'error' && card}
      </div>
      <div role="alert" aria-atomic="true">
        {toast?.kind === 'error' && card}
      </div>
    </div>
  );
}

function ToastCard({ toast, dismissLabel, onDismiss }: ToastsProps & { toast: Toast }) {
  const [paused, setPaused] = useState(false);

  useEffect(() => {
    if (paused || toast.kind === 'offline') return;
    const timer = setTimeout(onDismiss, toastDurationMs);
    return () => clearTimeout(timer);
  }, [paused, onDismiss, toast.kind]);

  return (
    <div
      className={`pointer-events-auto flex items-start gap-3 rounded-2xl border-2 p-4 shadow-lg ${
        toast.kind === 'error' ? 'border-red-700 bg-red-50 text-red-900' : 'border-accent bg-white text-ink'
      }`}
      onPointerEnter={() => setPaused(true)}
      onPointerLeave={() => setPaused(false)}
      onFocus={() => setPaused(true)}
      onBlur={() => setPaused(false)}
    >
      <div className="flex-1">
        <p className="font-bold">{toast.title}</p>
        <p className="mt-1 text-sm">{toast.description}</p>
      </div>
      <button
        type="button"
        onClick={onDismiss}
        className="-m-2 inline-flex size-11 shrink-0 items-center justify-center rounded-full"
      >
        <Icon name="close" />
        <span className="sr-only">{dismissLabel}</span>
      </button>
    </div>
  );
}
