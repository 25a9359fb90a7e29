/**
 * `client:interaction` — hydrate an island the first time the visitor points at, touches,
 * focuses or types into it. Until then the page fetches no JavaScript for it at all: the
 * island's server HTML already works on its own (native <details>, links, a real <form>).
 * Given a sessionStorage key (`client:interaction={key}`), it hydrates at once when this tab
 * holds that key: the island has something the visitor typed to put back (the contact form's
 * draft, src/lib/shared/enquiry-draft.ts), which should not wait for a touch.
 * This file is inlined into the page by Astro, so it stays tiny.
 */
import type { ClientDirective } from 'astro';
import { trackPresses } from './press-tracking.ts';

const events = ['pointerover', 'pointerdown', 'touchstart', 'focusin', 'keydown'] as const;

/** Whether the tab holds `key`; storage may be refused, and then it holds nothing. */
function kept(key: unknown): boolean {
  try {
    return typeof key === 'string' && sessionStorage.getItem(key) !== null;
  } catch {
    return false;
  }
}

const onInteraction: ClientDirective = (load, options, el) => {
  const hydrate = async () => {
    await (
      await load()
    )();
  };
  // From the page's start: the island's takeover waits out a press begun before React arrived.
  trackPresses(el);
  if (kept(options.value)) return void hydrate();
  // Started in a task after the next frame, not in the finger's own input task: starting the
  // island's fetches costs a slow phone tens of milliseconds of CPU (docs/performance.md), which
  // the tap's first frame would otherwise wait for.
  const start = () => {
    for (const type of events) el.removeEventListener(type, start);
    requestAnimationFrame(() => setTimeout(hydrate));
  };
  for (const type of events) el.addEventListener(type, start, { once: true, passive: true });
};

export default onInteraction;
