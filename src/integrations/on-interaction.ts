/**
 * `client:interaction` — hydrate an island the first time the visitor points at, touches,
 * focuses or types into it. Until then the page fetches no JavaScript for it at all: the
 * island's server HTML already works on its own (native <details>, links, a real <form>).
 * This file is inlined into the page by Astro, so it stays tiny.
 */
import type { ClientDirective } from 'astro';

const events = ['pointerover', 'pointerdown', 'touchstart', 'focusin', 'keydown'] as const;

const onInteraction: ClientDirective = (load, _options, el) => {
  const hydrate = async () => {
    for (const type of events) el.removeEventListener(type, hydrate);
    await (
      await load()
    )();
  };
  for (const type of events) el.addEventListener(type, hydrate, { once: true, passive: true });
};

export default onInteraction;
