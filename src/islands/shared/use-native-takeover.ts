/**
 * How an island takes over from its no-JS markup. The server HTML and the first client render
 * are the native version (<details>), so hydration matches the DOM exactly and never throws away
 * what the visitor did before React arrived. Right after hydration, before the next paint, the
 * island reads that state from the DOM (`adopt`), switches to its ARIA version, and puts focus
 * back on the equivalent control: both versions list their controls in the same order.
 *
 * The press that asked for hydration may still be under way when React arrives (pointer or key
 * down, its click still to come; on a phone the first touch is what starts hydration). Replacing
 * the control under it would swallow its click, so the switch then waits until that press has
 * ended and the native control has done its part (src/lib/browser/press-tracking.ts).
 */
import { useLayoutEffect, useRef, useState } from 'react';
import { flushSync } from 'react-dom';
import { pressUnderWay } from '@/lib/browser/press-tracking';

const controls = (root: HTMLElement) => Array.from(root.querySelectorAll('summary, button, a[href]'));

/**
 * Runs `then` once no press is under way in `root`'s island, checking once a frame: a click's
 * default action (toggling the <details>) has run by the frame after the press ends. `:active`
 * also counts, for an island hydrated by another directive. `later` says the check is no longer
 * the hydration's own commit, so the switch must be rendered at once, in the same task as the
 * check: left to React's scheduler, a press could begin between the two.
 */
function whenNotPressed(root: HTMLElement, then: (later: boolean) => void, later = false) {
  if (!pressUnderWay(root) && !root.querySelector(':active')) return then(later);
  requestAnimationFrame(() => whenNotPressed(root, then, true));
}

export function useNativeTakeover<Root extends HTMLElement>(adopt: (root: Root) => void) {
  const rootRef = useRef<Root>(null);
  const [enhanced, setEnhanced] = useState(false);
  const focusAfterSwitch = useRef(-1);

  useLayoutEffect(() => {
    const root = rootRef.current;
    if (!root) return;
    whenNotPressed(root, (later) => {
      focusAfterSwitch.current = controls(root).indexOf(document.activeElement as Element);
      const takeOver = () => {
        adopt(root);
        setEnhanced(true);
      };
      // Inside the commit's layout effect React renders the switch before returning anyway.
      if (later) flushSync(takeOver);
      else takeOver();
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
