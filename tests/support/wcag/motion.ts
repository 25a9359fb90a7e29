/**
 * Reduced motion (2.3.3, asked for by the operating system's setting): while the page is emulated
 * with `prefers-reduced-motion: reduce`, no element or pseudo-element may animate or transition
 * for longer than an instant, and nothing may scroll smoothly.
 */
import type { Page } from '@playwright/test';

export async function motionProblems(page: Page): Promise<string[]> {
  await page.emulateMedia({ reducedMotion: 'reduce' });
  return page.evaluate(() => {
    /** An instant: the longest duration that shows no movement (the site's net uses 0.01 ms). */
    const instant = 1;
    const longest = (durations: string) =>
      Math.max(
        ...durations
          .split(',')
          .map((value) => value.trim())
          .map((value) => (value.endsWith('ms') ? parseFloat(value) : parseFloat(value) * 1000)),
      );
    const name = (element: Element) =>
      `<${element.localName}${element.className && typeof element.className === 'string' ? `.${element.className.split(' ')[0]}` : ''}>`;
    const problems = new Set<string>();
    if (getComputedStyle(document.documentElement).scrollBehavior === 'smooth')
      problems.add('smooth scrolling');
    for (const element of document.querySelectorAll('*'))
      for (const pseudo of [null, '::before', '::after']) {
        const style = getComputedStyle(element, pseudo);
        if (style.transitionProperty !== 'none' && longest(style.transitionDuration) > instant)
          problems.add(
            `${name(element)}${pseudo ?? ''} transitions ${style.transitionProperty} over ${style.transitionDuration}`,
          );
        if (style.animationName !== 'none' && longest(style.animationDuration) > instant)
          problems.add(
            `${name(element)}${pseudo ?? ''} animates ${style.animationName} over ${style.animationDuration}`,
          );
      }
    for (const animation of document.getAnimations()) {
      const duration = Number(animation.effect?.getComputedTiming().duration ?? 0);
      if (animation.playState === 'running' && duration > instant)
        problems.add(`a running animation of ${duration} ms`);
    }
    return [...problems];
  });
}
