// @vitest-environment jsdom
/**
 * The press mark the island takeover waits on: from a press's start inside the island until its
 * click has landed (or the press is cancelled or never clicks), wherever the pointer or focus has
 * gone by then. The takeover's side is tested in browsers: tests/e2e/js/first-press.phone.spec.ts.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { pressUnderWay, trackPresses, type Clock } from '@/lib/browser/press-tracking';

/** Timers run only when the test says how much time has passed. */
function manualClock() {
  let now = 0;
  let timers: { at: number; run: () => void; id: number }[] = [];
  let next = 0;
  const clock: Clock = {
    setTimeout: (run, ms) => {
      const id = ++next;
      timers.push({ at: now + ms, run, id });
      return id as unknown as ReturnType<typeof setTimeout>;
    },
    clearTimeout: (timer) => {
      timers = timers.filter(({ id }) => id !== (timer as unknown as number));
    },
  };
  const pass = (ms: number) => {
    now += ms;
    const due = timers.filter(({ at }) => at <= now);
    timers = timers.filter(({ at }) => at > now);
    for (const { run } of due) run();
  };
  return { clock, pass };
}

const pointer = (type: string, isPrimary = true) =>
  Object.assign(new Event(type, { bubbles: true }), { isPrimary });
const key = (type: string, key: string) => new KeyboardEvent(type, { key, bubbles: true });

let island: HTMLElement;
let control: HTMLElement;
let outside: HTMLElement;
let time: ReturnType<typeof manualClock>;

beforeEach(() => {
  document.body.innerHTML =
    '<astro-island><details><summary>Menu</summary></details></astro-island><p>Away</p>';
  island = document.querySelector('astro-island')!;
  control = document.querySelector('summary')!;
  outside = document.querySelector('p')!;
  time = manualClock();
  trackPresses(island, time.clock);
});
afterEach(() => document.body.replaceChildren());

describe('trackPresses', () => {
  it('marks the island from pointer down until a task after its click', () => {
    expect(pressUnderWay(control)).toBe(false);
    control.dispatchEvent(pointer('pointerdown'));
    expect(pressUnderWay(control)).toBe(true);
    control.dispatchEvent(pointer('pointerup'));
    expect(pressUnderWay(control)).toBe(true);
    control.dispatchEvent(new MouseEvent('click', { bubbles: true }));
    expect(pressUnderWay(control)).toBe(true);
    time.pass(0);
    expect(pressUnderWay(control)).toBe(false);
  });

  it('waits for a touch’s click that comes after the pointer is up, then gives up on one that never comes', () => {
    control.dispatchEvent(pointer('pointerdown'));
    control.dispatchEvent(pointer('pointerup'));
    // A tap's click comes within a few hundred milliseconds of the finger's lift (300 ms at most
    // on phones that wait for a double tap): still a press then, and over a second later.
    time.pass(350);
    expect(pressUnderWay(control)).toBe(true);
    time.pass(1000);
    expect(pressUnderWay(control)).toBe(false);
  });

  it('hears the press end outside the island (dragged off) and on a cancel', () => {
    control.dispatchEvent(pointer('pointerdown'));
    outside.dispatchEvent(pointer('pointercancel'));
    time.pass(0);
    expect(pressUnderWay(control)).toBe(false);
  });

  it('marks Enter and Space until their click or release, and ignores other keys and repeats', () => {
    control.dispatchEvent(key('keydown', 'Tab'));
    expect(pressUnderWay(control)).toBe(false);
    control.dispatchEvent(key('keydown', ' '));
    expect(pressUnderWay(control)).toBe(true);
    control.dispatchEvent(key('keyup', 'Shift'));
    time.pass(0);
    expect(pressUnderWay(control)).toBe(true);
    control.dispatchEvent(key('keyup', ' '));
    time.pass(0);
    expect(pressUnderWay(control)).toBe(false);
    control.dispatchEvent(new KeyboardEvent('keydown', { key: 'Enter', repeat: true, bubbles: true }));
    expect(pressUnderWay(control)).toBe(false);
  });

  it('marks a press before any listener on the island hears it, as React hydrating in it would', () => {
    // React's own listeners sit on the island, capturing: hydration finished in one runs the takeover.
    const seen: boolean[] = [];
    for (const type of ['pointerdown', 'keydown']) {
      island.addEventListener(type, () => seen.push(pressUnderWay(control)), { capture: true });
    }
    control.dispatchEvent(pointer('pointerdown'));
    control.dispatchEvent(new MouseEvent('click', { bubbles: true }));
    time.pass(0);
    control.dispatchEvent(key('keydown', ' '));
    expect(seen).toEqual([true, true]);
  });

  it('ignores a second finger and presses outside the island', () => {
    control.dispatchEvent(pointer('pointerdown', false));
    outside.dispatchEvent(pointer('pointerdown'));
    expect(pressUnderWay(control)).toBe(false);
  });

  it('keeps the mark for a new press begun before the last one’s end ran', () => {
    control.dispatchEvent(pointer('pointerdown'));
    control.dispatchEvent(new MouseEvent('click', { bubbles: true }));
    control.dispatchEvent(pointer('pointerdown'));
    time.pass(0);
    expect(pressUnderWay(control)).toBe(true);
  });

  it('clicks a Space press whose click never came, once, a task after the key came up', () => {
    const clicks: string[] = [];
    control.addEventListener('click', () => clicks.push('click'));
    control.dispatchEvent(key('keydown', ' '));
    control.dispatchEvent(key('keyup', ' '));
    expect(clicks).toEqual([]);
    time.pass(0);
    expect(clicks).toEqual(['click']);
    time.pass(0);
    expect(pressUnderWay(control)).toBe(false);
    expect(clicks).toEqual(['click']);
  });

  it('leaves a Space press the browser clicked on its way up, and a key that came up elsewhere', () => {
    const clicks: string[] = [];
    control.addEventListener('click', () => clicks.push('click'));
    control.dispatchEvent(key('keydown', ' '));
    control.dispatchEvent(key('keyup', ' '));
    // The browser's own click, in the key's default action.
    control.dispatchEvent(new MouseEvent('click', { bubbles: true }));
    time.pass(0);
    expect(clicks).toEqual(['click']);
    control.dispatchEvent(key('keydown', ' '));
    outside.dispatchEvent(key('keyup', ' '));
    time.pass(0);
    expect(clicks).toEqual(['click']);
  });
});
