/**
 * The scroll effects: the home hero's scroll indicator, the home services fade-in and the floating
 * booking button (thresholds: ./scroll-effects.ts). Each starts only if its element is on the page.
 * Plain script, not a React island: the effects must not wait for (or fetch) React.
 */
import {
  fadeInReached,
  fadeInVisibleRatio,
  floatingBookingShown,
  scrollIndicatorPassed,
} from './scroll-effects.ts';

// The first check runs with the next frame, whose layout it reads: run now, while the page may
// still be being laid out, reading the scroll position would force a layout of its own.
const onScroll = (listener: () => void) => {
  addEventListener('scroll', listener, { passive: true });
  requestAnimationFrame(listener);
};

// Hidden for good: the listener goes once the threshold is passed.
function hideIndicatorOncePassed(indicator: HTMLElement) {
  const check = () => {
    if (!scrollIndicatorPassed(scrollY, innerHeight)) return;
    indicator.dataset.passed = '';
    removeEventListener('scroll', check);
  };
  onScroll(check);
}

// CSS keeps the button hidden until this first sets `data-shown` (see global.css).
function showBookingPastOneViewport(button: HTMLElement) {
  const update = () => {
    button.dataset.shown = String(floatingBookingShown(scrollY, innerHeight));
  };
  onScroll(update);
  addEventListener('resize', update, { passive: true });
}

// The section is only ever made transparent here, after the first observation finds it (nearly)
// out of view: without JS, before this runs, or with reduced motion it is simply visible.
function fadeInOnce(section: HTMLElement) {
  if (matchMedia('(prefers-reduced-motion: reduce)').matches) return;
  let firstObservation = true;
  const observer = new IntersectionObserver(
    ([entry]) => {
      const reached = entry !== undefined && fadeInReached(entry.intersectionRatio);
      if (!reached && firstObservation) section.dataset.fade = 'waiting';
      if (reached) {
        if (!firstObservation) section.dataset.fade = 'in';
        observer.disconnect();
      }
      firstObservation = false;
    },
    { threshold: fadeInVisibleRatio },
  );
  observer.observe(section);
}

export function startScrollEffects(root: Document): void {
  const find = (selector: string) => root.querySelector<HTMLElement>(selector);
  const indicator = find('[data-scroll-indicator]');
  const booking = find('[data-floating-booking]');
  const section = find('[data-fade-in]');
  if (indicator) hideIndicatorOncePassed(indicator);
  if (booking) showBookingPastOneViewport(booking);
  if (section) fadeInOnce(section);
}
