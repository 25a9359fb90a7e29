/**
 * What the browser leaves unrendered on load (src/styles/global.css, `content-visibility: auto`):
 * the page's later sections and its footer are laid out and painted only as they near the screen,
 * so a slow phone does not lay out the whole page in one task after its first paint.
 */
import type { Page } from '@playwright/test';

export interface DeferredRendering {
  /** Deferred elements that start three screens or more below the top and are rendered on load. */
  renderedFarBelow: string[];
  /** How many of the page's elements are left unrendered on load. */
  skipped: number;
  /** Fixed elements (the floating booking button, the form's messages) held inside a skipped section's containment. */
  fixedInsideContainment: string[];
}

/** Call right after the load, before anything scrolls or focuses the page. */
export function deferredRendering(page: Page): Promise<DeferredRendering> {
  return page.evaluate(() => {
    const describe = (element: Element) =>
      `<${element.localName}${element.id ? `#${element.id}` : ''} class="${element.getAttribute('class') ?? ''}">`;
    const deferrable = [...document.querySelectorAll('*')].filter(
      (element) => getComputedStyle(element).contentVisibility === 'auto',
    );
    // An element whose content the browser skips has no rendered children.
    const isSkipped = (element: Element) =>
      element.firstElementChild !== null &&
      !element.firstElementChild.checkVisibility({ contentVisibilityAuto: true });
    // Chromium renders what starts within about one and a half screens below the screen.
    const farBelow = 3 * innerHeight;
    const renderedFarBelow = deferrable
      .filter((element) => element.getBoundingClientRect().top + scrollY >= farBelow)
      .filter((element) => !isSkipped(element))
      .map(describe);
    const fixedInsideContainment = [...document.querySelectorAll('*')]
      .filter((element) => getComputedStyle(element).position === 'fixed')
      .filter((element) =>
        deferrable.some((container) => container !== element && container.contains(element)),
      )
      .map(describe);
    return { renderedFarBelow, skipped: deferrable.filter(isSkipped).length, fixedInsideContainment };
  });
}

/**
 * Renders everything the page defers, as a visitor who scrolls to it sees it, for the checkers
 * that read the painted page: axe's colour contrast asks which element is painted at a point, and
 * content the browser skipped is painted nowhere, so axe would measure the text against whatever
 * section lies there instead. Through the page's style object, which the Content-Security-Policy allows.
 */
export async function renderDeferred(page: Page): Promise<void> {
  await page.evaluate(() => {
    for (const element of document.querySelectorAll<HTMLElement>('*'))
      if (getComputedStyle(element).contentVisibility === 'auto') element.style.contentVisibility = 'visible';
  });
}
