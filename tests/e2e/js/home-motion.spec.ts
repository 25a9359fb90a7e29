import { expect, test, type Locator, type Page } from '@playwright/test';
import { recordScripts, scrollToY } from '#support/islands.ts';
import { content } from '#support/content.ts';

// Just under and just over each threshold (spec §9).
const pixels = 4;
const ratioMargin = 0.03;

const opacity = (locator: Locator) => locator.evaluate((element) => getComputedStyle(element).opacity);

/**
 * The share of the section in the viewport, measured by a fresh IntersectionObserver. Its first
 * report comes in the same delivery as the page's own observer's, so once it resolves, the
 * page has seen this scroll position too.
 */
const visibleRatio = (locator: Locator) =>
  locator.evaluate(
    (element) =>
      new Promise<number>((resolve) => {
        const observer = new IntersectionObserver(([entry]) => {
          observer.disconnect();
          resolve(entry?.intersectionRatio ?? 0);
        });
        observer.observe(element);
      }),
  );

/** The window scroll offset at which `ratio` of the section is inside the viewport. */
async function scrollForRatio(page: Page, section: Locator, ratio: number) {
  const { top, height } = await section.evaluate((element) => {
    const box = element.getBoundingClientRect();
    return { top: box.top + scrollY, height: box.height };
  });
  const viewport = await page.evaluate(() => innerHeight);
  return Math.round(top - viewport + ratio * height);
}

test.describe('home page motion with JavaScript', () => {
  test('the scroll indicator stays up to 35 % of the viewport height, then goes for good', async ({
    page,
  }) => {
    const scripts = recordScripts(page);
    await page.goto('/');
    const indicator = page.locator('[data-scroll-indicator]');
    const threshold = 0.35 * (await page.evaluate(() => innerHeight));
    await expect(indicator).toBeVisible();

    await scrollToY(page, Math.floor(threshold) - pixels);
    await expect(indicator).not.toHaveAttribute('data-passed');
    await expect(indicator).toBeVisible();

    await scrollToY(page, Math.ceil(threshold) + pixels);
    await expect(indicator).toHaveAttribute('data-passed', '');
    await expect(indicator).toBeHidden();

    await scrollToY(page, 0);
    await expect(indicator).toBeHidden();
    expect(scripts.urls()).toEqual([]);
  });

  test('the services section fades in once, when 20 % of it is visible', async ({ page }) => {
    const scripts = recordScripts(page);
    await page.goto('/');
    const section = page.locator('[data-fade-in]');
    // Out of view at the top, so it waits, transparent.
    await expect(section).toHaveAttribute('data-fade', 'waiting');
    expect(await opacity(section)).toBe('0');

    await scrollToY(page, await scrollForRatio(page, section, 0.2 - ratioMargin));
    expect(await visibleRatio(section)).toBeLessThan(0.2);
    await expect(section).toHaveAttribute('data-fade', 'waiting');

    await scrollToY(page, await scrollForRatio(page, section, 0.2 + ratioMargin));
    expect(await visibleRatio(section)).toBeGreaterThanOrEqual(0.2);
    await expect(section).toHaveAttribute('data-fade', 'in');
    await expect.poll(() => opacity(section)).toBe('1');

    // Once: scrolling away and back leaves it shown.
    await scrollToY(page, 0);
    expect(await visibleRatio(section)).toBe(0);
    await expect(section).toHaveAttribute('data-fade', 'in');
    expect(await opacity(section)).toBe('1');
    expect(scripts.urls()).toEqual([]);
  });

  test('a section already in view when the page opens is never hidden', async ({ page }) => {
    await page.goto('/#what-we-do');
    const section = page.locator('[data-fade-in]');
    expect(await visibleRatio(section)).toBeGreaterThanOrEqual(0.2);
    await expect(section).not.toHaveAttribute('data-fade');
    expect(await opacity(section)).toBe('1');
  });

  test('focus inside the waiting section shows it at once', async ({ page }) => {
    await page.goto('/');
    const section = page.locator('[data-fade-in]');
    await expect(section).toHaveAttribute('data-fade', 'waiting');
    // Without scrolling, so only the focus can be what shows it.
    await section
      .getByRole('link', { name: content.pages.home.services.linkLabel })
      .first()
      .evaluate((link) => {
        (link as HTMLElement).focus({ preventScroll: true });
      });
    await expect.poll(() => opacity(section)).toBe('1');
    await expect(section).toHaveAttribute('data-fade', 'waiting');
  });
});
