/**
 * The function's sense of time (rate limit window, minimum fill time), replaceable in tests.
 */

let source: () => number = () => Date.now();

export function now(): number {
  return source();
}

/** Tests only: make `now()` return what `next` returns; call without arguments to restore. */
export function setClockForTests(next?: () => number): void {
  source = next ?? (() => Date.now());
}
