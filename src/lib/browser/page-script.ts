/**
 * The one script every page runs (src/components/PageScript.astro), at the end of the page:
 * - at once, the mark the speculation rules wait for, set once the page has loaded and is on
 *   screen (it must listen before the load event), and the services dropdown's dismissal: Escape
 *   must close it from the first moment it can be opened (WCAG 1.4.13), and it only listens;
 * - when the main thread is next idle, the rest: the footer's year, the scroll effects and the
 *   scheduling frame; and after the load event, when idle again, the modules the page names for
 *   then (idle-modules.ts: the analytics file, on pages of a build with an analytics ID). None is
 *   needed for the first paint or the first tap, and on a busy phone they then never add to the
 *   work that follows the first paint (docs/performance.md, "Main-thread work on load").
 * One script, not one per component: one CSP hash, one task, and nothing fetched for it (Astro writes
 * it inline, as it imports nothing an island shares).
 */
import { footerYearId } from '../shared/page-layout.ts';
import { loadIdleModules } from './idle-modules.ts';
import { pageLoadedAttribute } from '../shared/speculation-marks.ts';
import { startScrollEffects } from './scroll-effects-page.ts';
import { startSchedulerFrames } from './scheduler-frame.ts';
import { startServicesDropdowns } from './services-dropdown.ts';

/**
 * Sets the mark once the page has loaded and is on screen: its loaded pictures decoded, its first
 * paint reported (Chromium runs the first animation frames before anything is drawn, so frames
 * alone do not tell), then two animation frames, so a picture painted after the text is drawn too.
 * What is fetched ahead then never competes with the page's own first view; started on the load
 * alone, it often did (a fast load fires before the first paint), and Lighthouse counted those
 * fetches into the largest paint (mobile, from the home page: /privacy 752 → 1,051 ms). A page opened
 * in a background tab paints nothing, so it fetches nothing ahead until it is looked at.
 */
function markWhenLoaded(root: Document) {
  const decoded = () =>
    Promise.all(
      [...root.images].filter((image) => image.complete).map((image) => image.decode().catch(() => {})),
    );
  const painted = () =>
    new Promise((done) => new PerformanceObserver(done).observe({ type: 'paint', buffered: true }));
  const frame = () => new Promise((done) => requestAnimationFrame(done));
  addEventListener('load', () => {
    void decoded()
      .then(painted)
      .then(frame)
      .then(frame)
      .then(() => root.documentElement.setAttribute(pageLoadedAttribute, ''));
  });
}

/** The build's year is the no-JS fallback; the visitor's is shown, as the spec asks. */
function showVisitorsYear(root: Document) {
  const year = root.getElementById(footerYearId);
  const now = String(new Date().getFullYear());
  if (year && year.textContent !== now) year.textContent = now;
}

// Safari has no requestIdleCallback: a task after the current ones is the nearest it has.
const whenIdle = (work: () => void) =>
  'requestIdleCallback' in globalThis ? requestIdleCallback(work, { timeout: 2000 }) : setTimeout(work, 1);

export function startPageScript(root: Document): void {
  markWhenLoaded(root);
  startServicesDropdowns(root);
  whenIdle(() => {
    showVisitorsYear(root);
    startScrollEffects(root);
    startSchedulerFrames(root);
  });
  loadIdleModules(root, whenIdle);
}
