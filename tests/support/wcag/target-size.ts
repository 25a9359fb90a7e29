/**
 * Target size, minimum (2.5.8): every pointer target shown is at least 24 × 24 CSS px, or a
 * 24 px circle centred on it touches no other target and no other small target's circle. A link
 * inside a sentence is exempt (its size is set by the line of text).
 */
import type { Page } from '@playwright/test';

export function targetSizeProblems(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const minimum = 24;
    const tolerance = 0.5;
    const selector =
      'a[href], button, input:not([type="hidden"]), select, textarea, summary, [role="button"], [tabindex]:not([tabindex="-1"])';
    const name = (element: Element) =>
      `<${element.localName}> "${(element.getAttribute('aria-label') ?? element.textContent ?? '').replace(/\s+/g, ' ').trim().slice(0, 40)}"`;

    /** A link that is part of a sentence: inline, in a block that holds text other than its own. */
    function inSentence(element: Element): boolean {
      if (element.localName !== 'a' || getComputedStyle(element).display !== 'inline') return false;
      let block = element.parentElement;
      while (block && getComputedStyle(block).display === 'inline') block = block.parentElement;
      const own = (element.textContent ?? '').trim().length;
      const around = (block?.textContent ?? '').replace(/\s+/g, ' ').trim().length;
      return around > own;
    }

    const targets = [...document.querySelectorAll(selector)]
      .filter((element) => element.checkVisibility({ visibilityProperty: true, opacityProperty: true }))
      // Screen-reader-only elements (clipped to nothing until focused) are no pointer target.
      .filter((element) => {
        const style = getComputedStyle(element);
        const [clipPath, clip] = [style.clipPath, style.getPropertyValue('clip')];
        return clipPath !== 'inset(50%)' && clip !== 'rect(0px, 0px, 0px, 0px)';
      })
      .map((element) => ({ element, box: element.getBoundingClientRect() }))
      .filter(({ box }) => box.width > 1 || box.height > 1);

    const small = targets.filter(
      ({ element, box }) =>
        !inSentence(element) && (box.width < minimum - tolerance || box.height < minimum - tolerance),
    );
    const centre = (box: DOMRect) => ({ x: box.left + box.width / 2, y: box.top + box.height / 2 });
    const distanceToBox = (point: { x: number; y: number }, box: DOMRect) =>
      Math.hypot(
        Math.max(box.left - point.x, 0, point.x - box.right),
        Math.max(box.top - point.y, 0, point.y - box.bottom),
      );

    const problems: string[] = [];
    for (const target of small) {
      const c = centre(target.box);
      const crowded = targets.find((other) => {
        if (
          other === target ||
          other.element.contains(target.element) ||
          target.element.contains(other.element)
        )
          return false;
        if (distanceToBox(c, other.box) < minimum / 2 - tolerance) return true;
        if (!small.includes(other)) return false;
        const o = centre(other.box);
        return Math.hypot(c.x - o.x, c.y - o.y) < minimum - tolerance;
      });
      if (crowded)
        problems.push(
          `${name(target.element)} is ${Math.round(target.box.width)} × ${Math.round(target.box.height)} px, too close to ${name(crowded.element)}`,
        );
    }
    return problems;
  });
}
