/**
 * What a screen reader says, with Guidepup's virtual screen reader over a DOM (jsdom): the
 * islands' real server HTML, hydrated by React where behaviour is needed (`renderIsland`, in a
 * vitest file whose environment is jsdom), or an element of a built page (`spokenPhrases` with
 * its HTML, from any runner: it then builds a DOM of its own).
 */
import { virtual } from '@guidepup/virtual-screen-reader';
import { JSDOM } from 'jsdom';
import { createElement, type ComponentType } from 'react';
import { act } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';

/** Reads the container from start to end, as a visitor pressing "next" would. */
export async function readAll(container: Element, limit = 200): Promise<string[]> {
  await virtual.start({ container });
  try {
    for (let step = 0; step < limit; step++) {
      await virtual.next();
      const log = await virtual.spokenPhraseLog();
      if (log.at(-1) === 'end of document' || (log.length > 1 && log.at(-1) === log.at(-2))) break;
    }
    return await virtual.spokenPhraseLog();
  } finally {
    await virtual.stop();
  }
}

/**
 * Puts the island's server HTML (renderToString) in the document and hydrates it as the page
 * does, so the DOM is the one a visitor gets.
 */
export async function renderIsland<Props extends object>(island: ComponentType<Props>, props: Props) {
  (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;
  const container = document.createElement('div');
  container.innerHTML = renderToString(createElement(island, props));
  document.body.replaceChildren(container);
  await act(async () => {
    hydrateRoot(container, createElement(island, props));
  });
  return container;
}

/** The DOM globals the virtual screen reader reads, lent by a jsdom window during `spokenPhrases`. */
const domGlobals = [
  'window',
  'document',
  'Node',
  'Element',
  'HTMLElement',
  'getComputedStyle',
  'MutationObserver',
];

/** Everything a screen reader says reading `html` (an element of a built page) from start to end. */
export async function spokenPhrases(html: string): Promise<string[]> {
  const { window } = new JSDOM(`<!doctype html><html lang="en"><body>${html}</body></html>`);
  const saved = domGlobals.map((name) => [name, Object.getOwnPropertyDescriptor(globalThis, name)] as const);
  for (const name of domGlobals)
    Object.defineProperty(globalThis, name, {
      value: name === 'window' ? window : window[name as keyof typeof window],
      configurable: true,
      writable: true,
    });
  try {
    return await readAll(window.document.body);
  } finally {
    for (const [name, descriptor] of saved)
      if (descriptor) Object.defineProperty(globalThis, name, descriptor);
      else delete (globalThis as Record<string, unknown>)[name];
  }
}

export { virtual };
