/** Shared checks of the reduced-motion rules, for the JavaScript-on and -off test projects. */
import { expect, test, type Page } from '@playwright/test';

/** The first home service card, its top edge, and whether the pointer is over it. */
async function hoverFirstCard(page: Page) {
  const card = page.locator('[data-fade-in] li.lift').first();
  await card.scrollIntoViewIfNeeded();
  const top = () => card.evaluate((element) => element.getBoundingClientRect().top);
  const before = await top();
  await card.hover();
  await expect.poll(() => card.evaluate((element) => element.matches(':hover'))).toBe(true);
  return { card, before, top };
}

/** Hovering a card under reduced motion leaves it where it was, with no transform at all. */
async function expectNoHoverLift(page: Page) {
  const { card, before, top } = await hoverFirstCard(page);
  const style = await card.evaluate((element) => {
    const computed = getComputedStyle(element);
    return { transform: computed.transform, translate: computed.translate };
  });
  expect(style.transform).toBe('none');
  expect(['none', '0px', '0px 0px']).toContain(style.translate);
  expect(await top()).toBe(before);
}

/** The scroll indicator's dot does not animate. */
export async function expectStillDot(page: Page) {
  const dot = page.locator('[data-scroll-indicator] [data-scroll-dot]');
  await expect(dot).toHaveCount(1);
  expect(await dot.evaluate((element) => getComputedStyle(element).animationName)).toBe('none');
}

/** The card hover-lift tests, the same with JavaScript on and off: the lift is CSS alone. */
export function hoverLiftTests(title: string) {
  test.describe(title, () => {
    test('lifts a card under the pointer', async ({ page }) => {
      await page.goto('/');
      const { before, top } = await hoverFirstCard(page);
      await expect.poll(top).toBe(before - 4);
    });

    test('does not move a card under reduced motion', async ({ page }) => {
      await page.emulateMedia({ reducedMotion: 'reduce' });
      await page.goto('/');
      await expectNoHoverLift(page);
    });
  });
}
