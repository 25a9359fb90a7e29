/**
 * How an island takes over from its no-JS markup. The server HTML and the first client render
 * are the native version (<details>), so hydration matches the DOM exactly and never throws away
 * what the visitor did before React arrived. Right after hydration, before the next paint, the
 * island reads that state from the DOM (`adopt`), switches to its ARIA version, and puts focus
 * back on the equivalent control: both versions list their controls in the same order.
 *
 * The press that asked for hydration may still be under way when React arrives (pointer down,
 * not yet up). Replacing the control under it would swallow its click, so the switch then waits
 * until that press has ended and the native control has done its part.
 */
import { useLayoutEffect, useRef, useState } from 'react';

const controls = (root: HTMLElement) => Array.from(root.querySelectorAll('summary, button, a[href]'));

/**
 * Runs `then` once nothing in `root` is pressed, checking once a frame: a click's default action
 * (toggling the <details>) has run by the frame after the press ends. Waiting on the :active state
 * rather than on events also covers a touch whose :active state outlasts the tap a little.
 */
function whenNotPressed(root: HTMLElement, then: () => void) {
  if (!root.querySelector(':active')) return then();
  requestAnimationFrame(() => whenNotPressed(root, then));
}

export function useNativeTakeover<Root extends HTMLElement>(adopt: (root: Root) => void) {
  const rootRef = useRef<Root>(null);
  const [enhanced, setEnhanced] = useState(false);
  const focusAfterSwitch = useRef(-1);

  useLayoutEffect(() => {
    const root = rootRef.current;
    if (!root) return;
    whenNotPressed(root, () => {
      focusAfterSwitch.current = controls(root).indexOf(document.activeElement as Element);
      adopt(root);
      setEnhanced(true);
    });
    // Once, at hydration: the takeover never happens again.
  }, []);

  useLayoutEffect(() => {
    const root = rootRef.current;
    if (!enhanced || !root || focusAfterSwitch.current < 0) return;
    (controls(root)[focusAfterSwitch.current] as HTMLElement | undefined)?.focus();
    focusAfterSwitch.current = -1;
  }, [enhanced]);

  return { rootRef, enhanced };
}
