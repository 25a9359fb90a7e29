// @vitest-environment jsdom
/**
 * The modules a page names for after its load (the analytics file): none is asked for before the
 * load event, each once, as a module script, and only when the main thread is idle. The browser side
 * (the request after the load, the banner then shown) is tests/e2e/js/analytics-consent.desktop.spec.ts.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { loadIdleModules } from '@/lib/browser/idle-modules';
import { idleModuleAttribute } from '@/lib/shared/page-layout';

/** A page still loading, naming `sources` on as many elements; and idle work held until run. */
function loadingPage(sources: string[]) {
  const root = document.implementation.createHTMLDocument();
  for (const src of sources) {
    const element = root.createElement('section');
    element.setAttribute(idleModuleAttribute, src);
    root.body.append(element);
  }
  Object.defineProperty(root, 'readyState', { value: 'loading', configurable: true });
  const held: Array<() => void> = [];
  const scripts = () =>
    [...root.querySelectorAll('script')].map((script) => ({
      type: script.type,
      src: script.getAttribute('src'),
    }));
  return { root, held, whenIdle: (work: () => void) => held.push(work), scripts };
}

afterEach(() => {
  // Lets every listener a test left run now, so none carries into the next test.
  dispatchEvent(new Event('load'));
});

describe('modules named for after the load', () => {
  it('are asked for after the load event, when idle, each once, as module scripts', () => {
    const page = loadingPage(['/_astro/a.js', '/_astro/b.js', '/_astro/a.js']);
    loadIdleModules(page.root, page.whenIdle);
    expect(page.held).toHaveLength(0);

    dispatchEvent(new Event('load'));
    expect(page.held).toHaveLength(1);
    expect(page.scripts()).toEqual([]);

    page.held[0]!();
    expect(page.scripts()).toEqual([
      { type: 'module', src: '/_astro/a.js' },
      { type: 'module', src: '/_astro/b.js' },
    ]);
  });

  it('wait only for idle on a page that has already loaded', () => {
    const page = loadingPage(['/_astro/a.js']);
    Object.defineProperty(page.root, 'readyState', { value: 'complete' });
    loadIdleModules(page.root, page.whenIdle);
    expect(page.held).toHaveLength(1);
  });

  it('ask for no idle time on a page that names none', () => {
    const page = loadingPage([]);
    loadIdleModules(page.root, page.whenIdle);
    dispatchEvent(new Event('load'));
    expect(page.held).toHaveLength(0);
    expect(page.scripts()).toEqual([]);
  });
});
