/**
 * Which islands have a press under way: the hydration directive (src/lib/browser/on-interaction.ts)
 * marks its island with `pressAttribute` from the press's start (pointer down, Enter or Space down)
 * until its click has landed, and the island's takeover (src/islands/shared/use-native-takeover.ts)
 * waits while the mark is there, so it never replaces the element a press is on.
 *
 * The press is heard on the document, in the capture phase, before anything on the island: once
 * React has its root (hydration under way, its render still to come), a press's first event makes
 * React finish hydrating inside that event's dispatch, in its own listener on the island, whose
 * layout effects then run the takeover; a mark set by a listener on the island came too late,
 * and the control was replaced under the press (a Space held across hydration in WebKit lost it).
 *
 * Events rather than the `:active` state: a press that hydration interrupts lost its click in
 * WebKit, where `:active` had already cleared before the click, and in Firefox, where it was not
 * yet set; a touch sets it late or never (iOS), and a key press never on a <summary>. The
 * directive's listeners are there from the page's start, before any press the island can see.
 */
export const pressAttribute = 'data-pressing';

/** The keys that press a focused control: Enter clicks on its way down, Space on its way up. */
const pressKeys = ['Enter', ' '];

/**
 * How long after the pointer comes up the press still counts, if no click has ended it: a touch's
 * click follows its touchend, sometimes a task or two later; a pointer dragged off its control, or
 * a long touch (Firefox), never clicks. Its only cost is a takeover that much later.
 */
const clickWaitMs = 500;

type Timer = ReturnType<typeof setTimeout>;

export interface Clock {
  setTimeout: (run: () => void, ms: number) => Timer;
  clearTimeout: (timer: Timer) => void;
}

/** Keeps `pressAttribute` on `island` while a press inside it is under way. */
export function trackPresses(island: HTMLElement, clock: Clock = globalThis) {
  let timer: Timer | undefined;
  const start = () => {
    if (timer !== undefined) clock.clearTimeout(timer);
    timer = undefined;
    island.setAttribute(pressAttribute, '');
  };
  // Ended a task later: a click's default action (a <details> toggling) has run by then.
  const end = (ms: number) => () => {
    if (!island.hasAttribute(pressAttribute)) return;
    if (timer !== undefined) clock.clearTimeout(timer);
    timer = clock.setTimeout(() => island.removeAttribute(pressAttribute), ms);
  };
  const document = island.ownerDocument;
  const listen = (type: string, listener: (event: Event) => void) =>
    document.addEventListener(type, listener, { capture: true, passive: true });
  const inIsland = (event: Event) => event.target instanceof Node && island.contains(event.target);
  listen('pointerdown', (event) => inIsland(event) && (event as PointerEvent).isPrimary && start());
  // The control a Space press went down on, and whether a click has come since.
  let spaceDown: EventTarget | null = null;
  let clickedSinceSpace = false;
  listen('keydown', (event) => {
    const { key, repeat, target } = event as KeyboardEvent;
    if (!inIsland(event) || !pressKeys.includes(key) || repeat) return;
    if (key === ' ') [spaceDown, clickedSinceSpace] = [target, false];
    start();
  });
  // The press ends wherever the pointer or focus has gone by then.
  listen('click', () => {
    clickedSinceSpace = true;
    end(0)();
  });
  listen('pointercancel', end(0));
  listen('pointerup', end(clickWaitMs));
  listen('keyup', (event) => {
    const { key, target } = event as KeyboardEvent;
    if (!pressKeys.includes(key)) return;
    // A browser clicks a control on Space's way up, in the key's own default action, so a task
    // later it has, or never will. WebKit never does once hydration re-rendered the island while
    // the key was down (its active state lost): that press would go nowhere, so it is clicked here.
    if (key === ' ' && target === spaceDown && target instanceof HTMLElement) {
      clock.setTimeout(() => clickedSinceSpace || target.click(), 0);
    }
    spaceDown = null;
    end(0)();
  });
}

/** Whether a press is under way in the island holding `element`. */
export function pressUnderWay(element: Element): boolean {
  return element.closest(`[${pressAttribute}]`) !== null;
}
