/**
 * While `waiting`, calls `retry` as soon as the browser says it is back online, and every
 * `offlineRetryMs` besides: a phone on a captive or failing network can stay "online" to the
 * browser while nothing gets through, and no `online` event ever comes. Listens only while the
 * page is open; nothing is kept for a later visit (the form's draft is, src/islands/contact/form-draft.ts).
 */
import { useEffect, useRef } from 'react';

/** How often a waiting enquiry is tried again while the browser believes it is online. */
const offlineRetryMs = 15_000;

export function useWhenOnline(waiting: boolean, retry: () => void) {
  // The latest retry, so the listeners stay the same while the form re-renders.
  const latest = useRef(retry);
  useEffect(() => {
    latest.current = retry;
  });

  useEffect(() => {
    if (!waiting) return;
    const tryAgain = () => {
      if (navigator.onLine !== false) latest.current();
    };
    addEventListener('online', tryAgain);
    const timer = setInterval(tryAgain, offlineRetryMs);
    return () => {
      removeEventListener('online', tryAgain);
      clearInterval(timer);
    };
  }, [waiting]);
}
