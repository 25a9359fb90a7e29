/**
 * Sections drawn only as they near the screen (`content-visibility: auto`) are, far from it, not
 * drawn at all: they measure as their estimated height, their contents as if they spilt out of
 * it, and axe cannot see their colours. The checks that judge what a reader sees (reflow, text
 * spacing, axe) run with every such box drawn, as a reader reaching it sees it, keeping the
 * containment `auto` brings; the page is put back as it was after.
 */
import type { Page } from '@playwright/test';

const mark = 'data-drawn-for-check';

export async function whileAllDrawn<T>(page: Page, check: () => Promise<T>): Promise<T> {
  await page.evaluate((attribute) => {
    for (const element of document.querySelectorAll<HTMLElement>('*')) {
      if (getComputedStyle(element).contentVisibility !== 'auto') continue;
      element.setAttribute(attribute, '');
      element.style.setProperty('content-visibility', 'visible', 'important');
      element.style.setProperty('contain', 'content', 'important');
    }
  }, mark);
  try {
    return await check();
  } finally {
    await page.evaluate((attribute) => {
      for (const element of document.querySelectorAll<HTMLElement>(`[${attribute}]`)) {
        element.removeAttribute(attribute);
        element.style.removeProperty('content-visibility');
        element.style.removeProperty('contain');
      }
    }, mark);
  }
}
