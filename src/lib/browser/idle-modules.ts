/**
 * Loads the modules the page names in `data-idle-module` (the analytics file, on pages of a build
 * with an analytics ID) after the load event, when the main thread is next idle: their requests
 * never come before the first paint, and their work never follows it at once (docs/performance.md).
 * Each file once, as a module script: in development the file is a module Vite serves.
 */
import { idleModuleAttribute } from '../shared/page-layout.ts';

export function loadIdleModules(root: Document, whenIdle: (work: () => void) => void): void {
  const sources = new Set(
    [...root.querySelectorAll(`[${idleModuleAttribute}]`)].flatMap(
      (element) => element.getAttribute(idleModuleAttribute) || [],
    ),
  );
  if (sources.size === 0) return;
  const load = () =>
    whenIdle(() => {
      for (const src of sources) {
        const script = root.createElement('script');
        script.type = 'module';
        script.src = src;
        root.body.append(script);
      }
    });
  if (root.readyState === 'complete') load();
  else addEventListener('load', load, { once: true });
}
