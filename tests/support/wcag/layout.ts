/**
 * Reflow (1.4.10), text spacing (1.4.12) and resize text (1.4.4): what axe cannot see, because it
 * needs the page laid out. The page is checked as it is now; `setUserStyle` with `textSpacingCss`
 * or `largeTextCss` restyles it the way a visitor's own style sheet or text-size setting would.
 */
import type { Page } from '@playwright/test';
import { whileAllDrawn } from '../drawn-boxes.ts';

/** WCAG 1.4.12's spacing, applied to everything as a user style sheet would (with !important). */
export const textSpacingCss = `* , *::before, *::after {
  line-height: 1.5 !important; letter-spacing: 0.12em !important; word-spacing: 0.16em !important;
}
p { margin-bottom: 2em !important; }`;

/** 200 % text: the root size doubled, as a browser's text-size setting does to every rem and em. */
export const largeTextCss = 'html { font-size: 200% !important; }';

/**
 * Replaces the page's user style (none when `css` is empty), and waits for the new layout. A
 * constructed style sheet, as the pages' Content-Security-Policy refuses any <style> a script adds.
 */
export async function setUserStyle(page: Page, css: string): Promise<void> {
  await page.evaluate((text) => {
    const user = document as Document & { userStyle?: CSSStyleSheet };
    user.userStyle ??= new CSSStyleSheet();
    user.userStyle.replaceSync(text);
    if (!document.adoptedStyleSheets.includes(user.userStyle))
      document.adoptedStyleSheets = [...document.adoptedStyleSheets, user.userStyle];
    document.body.getBoundingClientRect();
  }, css);
}

/**
 * Every place the page as laid out now (sections drawn late drawn: ../drawn-boxes.ts) loses content: a sideways scroll, text or a control
 * outside the viewport's width, or text cut off by a box that hides its overflow. Text a screen
 * reader only (a 1 px clipped box) and content of a box that scrolls are not lost.
 */
export function layoutProblems(page: Page): Promise<string[]> {
  return whileAllDrawn(page, () =>
    page.evaluate(() => {
      const problems = new Set<string>();
      const root = document.documentElement;
      const width = root.clientWidth;
      if (root.scrollWidth > width + 1)
        problems.add(`the page scrolls sideways: ${root.scrollWidth} px wide`);

      const name = (element: Element) => {
        const text = (element.textContent ?? '').replace(/\s+/g, ' ').trim().slice(0, 40);
        const label = element.getAttribute('aria-label');
        return `<${element.localName}${element.id ? `#${element.id}` : ''}> "${label ?? text}"`;
      };
      // Paint containment clips as `overflow: clip` does (and `content-visibility: auto` brings it):
      // content spilling out of such a section is lost without any sideways scroll to show it.
      const hidesOverflow = (style: CSSStyleDeclaration) =>
        /hidden|clip/.test(style.overflowX) ||
        /hidden|clip/.test(style.overflowY) ||
        /paint|strict|content/.test(style.contain) ||
        style.contentVisibility !== 'visible';
      const scrolls = (style: CSSStyleDeclaration) => /auto|scroll/.test(style.overflowX + style.overflowY);
      /** The screen-reader-only pattern: a box clipped to nothing, or of 1 px, that hides what it holds. */
      const screenReaderOnly = (element: Element) => {
        const style = getComputedStyle(element);
        const [clipPath, clip] = [style.clipPath, style.getPropertyValue('clip')];
        const box = element.getBoundingClientRect();
        return (
          clipPath === 'inset(50%)' ||
          clip === 'rect(0px, 0px, 0px, 0px)' ||
          (box.width <= 1 && box.height <= 1)
        );
      };

      /** How a box is lost: outside the viewport or an ancestor that hides overflow (none inside a box that scrolls). */
      /**
       * The ancestors of an element's content that hide overflow, nearest first, each with its box;
       * null inside a box that scrolls. The root's and body's overflow apply to the viewport,
       * checked on its own. Kept per element: every text node of a parent shares them.
       */
      const clipsOf = new Map<Element, { element: Element; box: DOMRect }[] | null>();
      function clips(element: Element | null): { element: Element; box: DOMRect }[] | null {
        if (!element || element === document.body || element === document.documentElement) return [];
        const known = clipsOf.get(element);
        if (known !== undefined) return known;
        const outer = clips(element.parentElement);
        const style = getComputedStyle(element);
        const own =
          outer === null || scrolls(style)
            ? null
            : hidesOverflow(style)
              ? [{ element, box: element.getBoundingClientRect() }, ...outer]
              : outer;
        clipsOf.set(element, own);
        return own;
      }

      /** How a box of `element`'s content is lost: outside the viewport or cut off by an ancestor. */
      function lost(element: Element, box: DOMRect, includeSelf = true): string | undefined {
        const around = includeSelf ? clips(element) : clips(element.parentElement);
        if (around === null) return undefined;
        for (const clip of around)
          if (
            box.left < clip.box.left - 1 ||
            box.right > clip.box.right + 1 ||
            box.top < clip.box.top - 1 ||
            box.bottom > clip.box.bottom + 1
          )
            return `cut off by ${name(clip.element)}`;
        if (box.right > width + 1 || box.left < -1)
          return `off-screen (${Math.round(box.left)}–${Math.round(box.right)} px)`;
        return undefined;
      }

      const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        const parent = node.parentElement;
        if (!parent || !node.textContent?.trim()) continue;
        if (!parent.checkVisibility({ visibilityProperty: true, opacityProperty: true })) continue;
        if (['SCRIPT', 'STYLE', 'TEMPLATE', 'NOSCRIPT'].includes(parent.tagName)) continue;
        let hiddenForScreenReaders = false;
        for (let ancestor: Element | null = parent; ancestor; ancestor = ancestor.parentElement)
          if (screenReaderOnly(ancestor)) hiddenForScreenReaders = true;
        if (hiddenForScreenReaders) continue;
        const range = document.createRange();
        range.selectNodeContents(node);
        for (const box of range.getClientRects()) {
          if (box.width === 0) continue;
          const problem = lost(parent, box);
          if (problem) problems.add(`text of ${name(parent)}: ${problem}`);
        }
      }
      for (const control of document.querySelectorAll(
        'a[href], button, input, select, textarea, summary, iframe',
      )) {
        if (!control.checkVisibility({ visibilityProperty: true, opacityProperty: true })) continue;
        if (screenReaderOnly(control)) continue;
        const box = control.getBoundingClientRect();
        const problem = lost(control, box, false);
        if (problem) problems.add(`${name(control)}: ${problem}`);
      }
      return [...problems];
    }),
  );
}
