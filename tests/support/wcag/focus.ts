/**
 * Focus visible (2.4.7) and focus not obscured (2.4.11), by a real keyboard walk: Tab from the top
 * of the page to its end, and at every stop check that the focused element shows an indicator and
 * that no sticky or fixed element (the header, the floating booking button, a banner) hides it
 * entirely.
 */
import type { Page } from '@playwright/test';

export interface FocusStop {
  /** The focused element, e.g. `<a> "Privacy Policy"`. */
  name: string;
  problems: string[];
  /** Numbers the elements in the order they first received focus, to see the walk come round. */
  order: number;
}

/** What is wrong with the element that has focus now (an empty list when nothing is). */
export function checkFocusedElement(): FocusStop | undefined {
  const active = document.activeElement as (Element & { focusOrder?: number }) | null;
  if (!active || active === document.body || active === document.documentElement) return undefined;
  const counter = window as unknown as { focusStops?: number };
  active.focusOrder ??= counter.focusStops = (counter.focusStops ?? 0) + 1;
  const text = (active.textContent ?? '').replace(/\s+/g, ' ').trim().slice(0, 40);
  const label = active.getAttribute('aria-label') ?? active.getAttribute('title') ?? text;
  const name = `<${active.localName}> "${label}"`;
  const problems: string[] = [];

  if (active.localName === 'iframe') {
    // Focus has gone into an embedded page (the scheduler): its indicator is drawn in that page's
    // own document, and a browser scrolls the frame into view once a control inside it takes
    // focus. The test's frame is empty (some browsers still stop there), so scroll as one would;
    // what remains the site's to check is that none of its sticky elements hides the frame.
    active.scrollIntoView({ block: 'nearest' });
  } else {
    // An indicator: an outline of some width that is not transparent, or a box shadow.
    const style = getComputedStyle(active);
    const outline =
      style.outlineStyle !== 'none' &&
      parseFloat(style.outlineWidth) >= 1 &&
      !/rgba\(.*, 0\)|transparent/.test(style.outlineColor);
    if (!outline && style.boxShadow === 'none') problems.push('no visible focus indicator');
  }

  const box = active.getBoundingClientRect();
  if (box.bottom <= 0 || box.top >= innerHeight || box.right <= 0 || box.left >= innerWidth)
    problems.push('outside the viewport');

  // The page's sticky and fixed elements (found once per page), those shown, neither the focused
  // element nor holding it.
  const page = document as Document & { stickyElements?: Element[] };
  page.stickyElements ??= [...document.querySelectorAll('body *')].filter((element) =>
    /fixed|sticky/.test(getComputedStyle(element).position),
  );
  const covers = page.stickyElements.filter((element) => {
    if (element.contains(active) || active.contains(element)) return false;
    return element.checkVisibility({ visibilityProperty: true, opacityProperty: true });
  });
  // Sample the focused box on a grid: it is entirely hidden when, at every sample, what the
  // browser shows on top belongs to a cover (elementFromPoint respects stacking order).
  const steps = 5;
  let hidden = 0;
  const coveredBy = new Set<string>();
  for (let i = 0; i < steps; i++)
    for (let j = 0; j < steps; j++) {
      const x = box.left + (box.width * (i + 0.5)) / steps;
      const y = box.top + (box.height * (j + 0.5)) / steps;
      const top = document.elementFromPoint(x, y);
      const cover = top && covers.find((element) => element.contains(top));
      if (!cover) continue;
      hidden++;
      coveredBy.add(
        `<${cover.localName}> "${(cover.textContent ?? '').replace(/\s+/g, ' ').trim().slice(0, 30)}"`,
      );
    }
  if (hidden === steps ** 2) problems.push(`entirely hidden by ${[...coveredBy].join(' and ')}`);
  return { name, problems, order: active.focusOrder };
}

/**
 * Tabs through the whole page from the top (at most `limit` stops) and returns every stop with
 * its problems. The walk ends where focus leaves the page or comes back to its first stop.
 */
export async function tabWalk(page: Page, limit = 400): Promise<FocusStop[]> {
  // Start the walk at the top of the page, wherever focus was: from a focused spot before the
  // first element, removed once the first Tab has left it.
  await page.evaluate(() => {
    const start = document.createElement('span');
    start.tabIndex = -1;
    start.dataset.walkStart = '';
    document.body.prepend(start);
    start.focus();
    scrollTo(0, 0);
  });
  // Tab as a key press without its release: the browser moves focus on the press, and each stop
  // then costs one message to the browser less (the walk is most of the keyboard sweep's time).
  const cdp = await page.context().newCDPSession(page);
  const tab = () =>
    cdp.send('Input.dispatchKeyEvent', {
      type: 'rawKeyDown',
      key: 'Tab',
      code: 'Tab',
      windowsVirtualKeyCode: 9,
    });
  const stops: FocusStop[] = [];
  for (let step = 0; step < limit; step++) {
    await tab();
    if (step === 0) await page.evaluate(() => document.querySelector('[data-walk-start]')?.remove());
    const stop = await page.evaluate(checkFocusedElement);
    if (!stop || stop.order < (stops.at(-1)?.order ?? 0)) break;
    stops.push(stop);
  }
  await cdp.detach();
  return stops;
}

/** Each stop's problems as one line per problem, for an expectation on an empty list. */
export const focusProblems = (stops: FocusStop[]) =>
  stops.flatMap(({ name, problems }) => problems.map((problem) => `${name}: ${problem}`));
