/**
 * The scroll thresholds of spec §4 and §9, as plain functions so they are unit-tested apart from
 * the page script that uses them (src/lib/browser/scroll-effects-page.ts).
 */

/** The home hero's scroll indicator goes for good once scrolling passes 35 % of the viewport height. */
const scrollIndicatorHideRatio = 0.35;

/** The floating booking button shows while scrolling exceeds one viewport height. */
const floatingBookingShowRatio = 1;

/** The home services section fades in once at least 20 % of it is visible. */
export const fadeInVisibleRatio = 0.2;

export function scrollIndicatorPassed(scrollY: number, viewportHeight: number): boolean {
  return scrollY > scrollIndicatorHideRatio * viewportHeight;
}

export function floatingBookingShown(scrollY: number, viewportHeight: number): boolean {
  return scrollY > floatingBookingShowRatio * viewportHeight;
}

/** `visibleRatio` is the share of the section inside the viewport (an IntersectionObserver ratio). */
export function fadeInReached(visibleRatio: number): boolean {
  return visibleRatio >= fadeInVisibleRatio;
}
